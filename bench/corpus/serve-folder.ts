/**
 * Child-process entry that serves a folder of saved pages instead of the generated corpus
 * (`bench:analyze --pages-dir=<folder>`, `bench:cli --pages-dir=<folder>`), with the same IPC
 * messages as serve.ts. A page is either `<folder>/<name>/source.html` (the layout of
 * mozilla/readability's test/test-pages), served at `/<name>/`, or `<folder>/<name>.html`,
 * served at `/<name>.html`. Bodies are read once at start and answered from memory as UTF-8
 * HTML; robots.txt and anything else is a 404, as on a site without one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { PageMeta, ServeMessage } from './serve.ts';

const folder = process.argv[2];
if (!folder) throw new Error('serve-folder.ts <folder>');

const started = performance.now();
const bodies = new Map<string, Buffer>();
for (const name of readdirSync(folder).sort()) {
  const full = path.join(folder, name);
  if (statSync(full).isDirectory()) {
    const source = path.join(full, 'source.html');
    if (existsSync(source)) bodies.set(`/${encodeURIComponent(name)}/`, readFileSync(source));
  } else if (name.endsWith('.html')) {
    bodies.set(`/${encodeURIComponent(name)}`, readFileSync(full));
  }
}
if (bodies.size === 0) throw new Error(`no pages in ${folder}`);

const requests: Record<string, number> = {};
let bytesSent = 0;
const server = createServer((req, res) => {
  const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
  const body = bodies.get(urlPath);
  const kind = body ? 'page' : urlPath === '/robots.txt' ? 'robots' : 'notFound';
  requests[kind] = (requests[kind] ?? 0) + 1;
  if (!body) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': body.length,
    'cache-control': 'no-cache',
  });
  bytesSent += body.length;
  res.end(req.method === 'HEAD' ? undefined : body);
});
server.keepAliveTimeout = 5_000;
await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(0, '127.0.0.1', resolve);
});
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const pages: PageMeta[] = [...bodies].map(([pagePath, body], id) => ({
  id,
  path: pagePath,
  kind: 'saved',
  targetBytes: body.length,
  bytes: body.length,
  gzipBytes: null,
  scriptRendered: false,
  fetchesJson: false,
  disallowed: false,
}));
const send = (message: ServeMessage) => process.send?.(message);
send({
  type: 'ready',
  origin,
  pages,
  totalBytes: pages.reduce((sum, page) => sum + page.bytes, 0),
  generateMs: Math.round(performance.now() - started),
});
process.on('message', (message) => {
  if (message === 'stats') send({ type: 'stats', requests: { ...requests }, bytesSent });
  if (message === 'reset') {
    for (const key of Object.keys(requests)) delete requests[key];
    bytesSent = 0;
  }
});
process.on('disconnect', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
