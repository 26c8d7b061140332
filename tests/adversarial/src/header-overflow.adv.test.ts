import net from 'node:net';
import { fetchPage } from '@crawlwise/analyzer/gather/fetch-page';
import { afterEach, describe, expect, it } from 'vitest';
import { analysisFailure } from './support/connections.ts';
import { loopbackGuard as guard } from './support/loopback-routes.ts';

/**
 * Oversized response heads. The fetcher accepts 64 KB of headers (real sites send big cookies)
 * and fails anything beyond with fetch_failed, without buffering more, and without quoting the
 * head in its message. Each server is a raw loopback socket writer that stops when the client
 * hangs up, or at a fixed cap.
 */

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A raw HTTP server that writes `head` (then nothing) and records how the socket ended. */
async function rawServer(write: (socket: net.Socket) => void) {
  const state = { closedByClient: false };
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.on('close', () => {
      state.closedByClient = true;
    });
    // Read and ignore the request; answer at once.
    socket.once('data', () => write(socket));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`, state };
}

const filler = (bytes: number) => 'A'.repeat(bytes);

async function expectMalformed(url: string) {
  const started = performance.now();
  const error = await analysisFailure(fetchPage(url, { guard, timeoutMs: 5_000 }));
  expect(error.code).toBe('fetch_failed');
  expect(error.message).toMatch(/malformed HTTP response/);
  expect(error.message.length).toBeLessThan(200);
  expect(error.message).not.toContain('AAAA');
  expect(performance.now() - started).toBeLessThan(2_000);
}

describe('response header overflow', () => {
  it('refuses one 70 KB header', async () => {
    const { url } = await rawServer((socket) =>
      socket.end(`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Big: ${filler(70_000)}\r\n\r\n`),
    );
    await expectMalformed(url);
  });

  it('refuses 5,000 small headers', async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => `X-H${i}: ${filler(12)}\r\n`).join('');
    const { url } = await rawServer((socket) =>
      socket.end(`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n${many}\r\n`),
    );
    await expectMalformed(url);
  });

  it('cuts a status line that never ends at the deadline', async () => {
    // undici does not count the reason phrase against the header limit, but keeps no copy of
    // it either (256 MB of it cost 18 MB RSS): the one total deadline is what ends it.
    let drips = 0;
    const { url, state } = await rawServer((socket) => {
      socket.write('HTTP/1.1 200 ');
      const timer = setInterval(() => {
        drips += 1;
        socket.write(filler(4_096));
      }, 20);
      socket.once('close', () => clearInterval(timer));
    });
    const started = performance.now();
    const error = await analysisFailure(fetchPage(url, { guard, timeoutMs: 1_000 }));
    expect(error.code).toBe('fetch_timeout');
    expect(error.message).not.toContain('AAAA');
    expect(performance.now() - started).toBeLessThan(2_000);
    await expect.poll(() => state.closedByClient, { timeout: 1_000 }).toBe(true);
    expect(drips).toBeGreaterThan(10);
  });

  it('refuses a redirect whose Location is 70 KB', async () => {
    const { url } = await rawServer((socket) =>
      socket.end(`HTTP/1.1 302 Found\r\nLocation: /${filler(70_000)}\r\n\r\n`),
    );
    await expectMalformed(url);
  });

  it('hangs up on headers that never end, long before the server’s cap', async () => {
    const line = `X-Endless: ${filler(1_000)}\r\n`;
    let written = 0;
    const cap = 64 * 1024 * 1024;
    const { url, state } = await rawServer((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n');
      const pump = () => {
        while (written < cap && !socket.destroyed) {
          written += line.length;
          if (!socket.write(line)) return void socket.once('drain', pump);
        }
        socket.end();
      };
      pump();
    });
    await expectMalformed(url);
    await expect.poll(() => state.closedByClient, { timeout: 1_000 }).toBe(true);
    // Socket buffers hold a few megabytes at most; the client stopped reading at 64 KB.
    expect(written).toBeLessThan(cap / 4);
  });

  it('still accepts a 48 KB cookie header, as real sites send', async () => {
    const { url } = await rawServer((socket) => {
      const body = '<p>cookies';
      socket.end(
        `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nSet-Cookie: c=${filler(48_000)}\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
    });
    const page = await fetchPage(url, { guard, timeoutMs: 5_000 });
    expect(page.html).toBe('<p>cookies');
  });
});
