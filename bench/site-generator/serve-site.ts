import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GeneratedSite } from './generate-site.ts';
import type { ExpectedSite } from './manifest.ts';

/**
 * Serves a generated site on 127.0.0.1 at a port the system picks. The site was generated for
 * some origin before the port was known, so every response and the manifest are moved onto the
 * served origin: the site's origin in bodies and Location headers is replaced as each response
 * is sent (cheap next to a request, and the site is not copied), and `expected` is the manifest
 * with its addresses on the served origin. Unknown paths answer 404; HEAD gets the headers of
 * GET without the body; other methods get 405.
 */

export interface ServedSite {
  /** The served origin with a trailing slash: the crawl's start address. */
  url: string;
  /** The manifest, its addresses on the served origin. */
  expected: ExpectedSite;
  /** Requests answered so far, by path. */
  requests: Map<string, number>;
  close(): Promise<void>;
}

/** Every string in a JSON-shaped value with `from` replaced by `to`. */
export function rebase<T>(value: T, from: string, to: string): T {
  if (typeof value === 'string') return value.split(from).join(to) as T;
  if (Array.isArray(value)) return value.map((item) => rebase(item, from, to)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, rebase(item, from, to)]),
    ) as T;
  }
  return value;
}

export async function serveSite(site: GeneratedSite): Promise<ServedSite> {
  const requests = new Map<string, number>();
  let origin = site.origin;
  const server = createServer((req, res) => {
    const target = new URL(req.url ?? '/', origin);
    const path = `${target.pathname}${target.search}`;
    requests.set(path, (requests.get(path) ?? 0) + 1);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const response = site.responses.get(path);
    const status = response?.status ?? 404;
    const headers = rebase(
      response?.headers ?? { 'content-type': 'text/plain; charset=utf-8' },
      site.origin,
      origin,
    );
    const body = Buffer.from(response ? rebase(response.body, site.origin, origin) : 'Not found\n');
    res.writeHead(status, { ...headers, 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/`,
    expected: rebase(site.expected, site.origin, origin),
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
