import net from 'node:net';
import zlib from 'node:zlib';
import { fetchPage } from '@crawlwise/analyzer/gather/fetch-page';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analysisFailure } from './support/connections.ts';
import {
  loopbackGuard as guard,
  type RoutedServer,
  startRoutedServer,
} from './support/loopback-routes.ts';

/**
 * Slow-drip responses: every chunk arrives well within any per-chunk timeout, but the whole never
 * ends. One deadline covers DNS, every hop, the headers and the whole body, so the fetch fails
 * with fetch_timeout at the budget and hangs up; the servers notice and stop dripping.
 */

const BUDGET_MS = 1_000;
/** Budget plus scheduling slack on a loaded two-core machine. */
const LATEST_MS = BUDGET_MS + 1_000;
const DRIP_MS = 50;

let site: RoutedServer;
let openDrips = 0;

beforeAll(async () => {
  site = await startRoutedServer();
});
afterAll(() => site.close());
afterEach(() => site.clear());

/** Calls `drip` every DRIP_MS until it returns false or the connection closes. */
function dripping(socket: NodeJS.EventEmitter, drip: () => boolean): void {
  openDrips += 1;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    openDrips -= 1;
    clearInterval(timer);
  };
  const timer = setInterval(() => {
    if (!drip()) stop();
  }, DRIP_MS);
  socket.once('close', stop);
}

async function timedFailure(url: string) {
  const started = performance.now();
  const error = await analysisFailure(fetchPage(url, { guard, timeoutMs: BUDGET_MS }));
  const elapsed = performance.now() - started;
  expect(error.code).toBe('fetch_timeout');
  expect(elapsed).toBeGreaterThanOrEqual(BUDGET_MS - 50);
  expect(elapsed).toBeLessThan(LATEST_MS);
  // The fetch hung up: within a moment no server is still dripping into a dead socket.
  await expect.poll(() => openDrips, { timeout: 1_000 }).toBe(0);
}

describe('trickled responses', () => {
  it('a body of one byte every 50 ms', async () => {
    const url = site.route('/drip', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>');
      dripping(res, () => res.write('x'));
    });
    await timedFailure(url);
  });

  it('a gzip body flushed a few bytes at a time', async () => {
    const url = site.route('/gzip-drip', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      const gzip = zlib.createGzip();
      gzip.pipe(res);
      dripping(res, () => {
        gzip.write('<p>more</p>');
        gzip.flush();
        return true;
      });
    });
    await timedFailure(url);
  });

  it('a chain of redirects, each hop answered just in time', async () => {
    for (let i = 0; i < 10; i++) {
      site.route(`/slow-hop/${i}`, (_req, res) => {
        setTimeout(() => res.writeHead(302, { location: `/slow-hop/${i + 1}` }).end(), 200);
      });
    }
    await timedFailure(`${site.server.origin}/slow-hop/0`);
  });

  it('response headers one byte every 50 ms', async () => {
    const server = net.createServer((socket) => {
      socket.on('error', () => {});
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n');
      dripping(socket, () => socket.write('X-Slow: 1\r\n'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as net.AddressInfo;
      await timedFailure(`http://127.0.0.1:${port}/`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
