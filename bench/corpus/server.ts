/**
 * A local HTTP server for the corpus on 127.0.0.1 (random port). Pages, JSON APIs, app bundles,
 * the stylesheet and robots.txt are answered from memory; gzip is used where the corpus marks it
 * and the client accepts it. Analytics beacons (/collect) answer after a short delay, like a
 * third-party tracker would. The corpus is generated after listening, so its absolute URLs
 * (canonical, og:url) carry the real origin.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Asset, type Corpus, generateCorpus } from './pages.ts';

export interface ServerStats {
  requests: Record<string, number>;
  bytesSent: number;
}

export interface CorpusServer {
  origin: string;
  corpus: Corpus;
  stats: ServerStats;
  resetStats(): void;
  close(): Promise<void>;
}

/** How long a beacon takes to answer. */
const BEACON_DELAY_MS = 80;

const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function category(path: string): string {
  if (path === '/robots.txt') return 'robots';
  if (path.startsWith('/api/')) return 'api';
  if (path.startsWith('/static/')) return 'static';
  if (path.startsWith('/img/') || path === '/favicon.ico') return 'image';
  if (path === '/collect') return 'beacon';
  return 'page';
}

export async function startCorpusServer(seed: string): Promise<CorpusServer> {
  const byPath = new Map<string, Asset>();
  const stats: ServerStats = { requests: {}, bytesSent: 0 };

  const send = (req: IncomingMessage, res: ServerResponse, asset: Asset) => {
    const gzip = asset.gzipped !== null && /\bgzip\b/.test(String(req.headers['accept-encoding']));
    const body = gzip ? asset.gzipped! : asset.body;
    res.writeHead(200, {
      'content-type': asset.contentType,
      'content-length': body.length,
      'cache-control': 'no-cache',
      ...(asset.gzipped ? { vary: 'Accept-Encoding' } : {}),
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    stats.bytesSent += body.length;
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const kind = category(path);
    stats.requests[kind] = (stats.requests[kind] ?? 0) + 1;
    if (kind === 'beacon') {
      req.resume();
      setTimeout(() => res.writeHead(204).end(), BEACON_DELAY_MS);
      return;
    }
    const asset = byPath.get(path);
    if (asset) return send(req, res, asset);
    if (kind === 'image') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': PIXEL.length });
      res.end(PIXEL);
      return;
    }
    stats.requests.notFound = (stats.requests.notFound ?? 0) + 1;
    const body = '<!doctype html><title>Not found</title><h1>Not found</h1>';
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const corpus = generateCorpus(seed, origin);
  for (const [path, asset] of corpus.assets) byPath.set(path, asset);
  for (const page of corpus.pages) byPath.set(page.path, page.asset);
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${corpus.pages
    .map((p) => `<url><loc>${origin}${p.path}</loc></url>`)
    .join('')}</urlset>\n`;
  byPath.set('/sitemap.xml', {
    body: Buffer.from(sitemap),
    contentType: 'application/xml',
    gzipped: null,
  });

  return {
    origin,
    corpus,
    stats,
    resetStats() {
      stats.requests = {};
      stats.bytesSent = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
