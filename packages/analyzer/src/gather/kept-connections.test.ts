import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type LocalServer,
  startHttpServer,
  startHttpsServer,
} from '../test-support/local-server.ts';
import type { AddressGuard } from '../types.ts';
import { guardedFetch } from './http-fetch.ts';
import { closeKeptConnections, numberedTrustAnchors, pinnedPool } from './pinned-client.ts';

/** The fetcher keeps connections per origin and pinned address (gather/pinned-client.ts). */

const loopback: AddressGuard = async () => ({ address: '127.0.0.1', family: 4 });
const servers: LocalServer[] = [];

afterEach(async () => {
  await closeKeptConnections();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function get(url: string, options: { ca?: string } = {}) {
  return guardedFetch(url, {
    guard: loopback,
    userAgent: 'crawlwise-test',
    accept: 'text/html',
    timeoutMs: 5_000,
    maxBytes: 1_000_000,
    maxRedirects: 5,
    overflow: 'error',
    ...(options.ca ? { tls: { ca: options.ca } } : {}),
  });
}

describe('kept connections', () => {
  it('fetches pages of one origin over one connection, http and https', async () => {
    const http = await startHttpServer((req, res) => res.end(`<p>${req.url}`));
    const https = await startHttpsServer((req, res) => res.end(`<p>${req.url}`));
    servers.push(http, https);
    for (const path of ['/a', '/b', '/c']) {
      expect((await get(`${http.origin}${path}`)).body.toString()).toBe(`<p>${path}`);
      const secure = await get(`${https.origin}${path}`, { ca: https.certificate.cert });
      expect(secure.body.toString()).toBe(`<p>${path}`);
      expect(secure.tls?.protocol).toMatch(/^TLSv1\.[23]$/);
    }
    expect(http.connections()).toBe(1);
    expect(https.connections()).toBe(1);
  });

  it('numbers at most one trust anchor per kept pool: those of closed pools are forgotten', () => {
    const origin = new URL('https://example.test/');
    const pin = { address: '127.0.0.1', family: 4 } as const;
    // Creating a pool opens nothing; each distinct CA is a pool of its own.
    for (let n = 0; n < 200; n += 1) pinnedPool(origin, pin, { ca: `ca ${n}` });
    expect(numberedTrustAnchors()).toBeLessThanOrEqual(65);
    // A CA still in use keeps its number, so its pool is found again.
    const kept = pinnedPool(origin, pin, { ca: 'ca 199' });
    expect(pinnedPool(origin, pin, { ca: 'ca 199' })).toBe(kept);
  });

  it('keeps a pool per pinned address: a host pinned elsewhere never gets this connection', () => {
    const origin = new URL('http://example.test/');
    const here = pinnedPool(origin, { address: '127.0.0.1', family: 4 });
    // Creating a pool opens nothing: no connection is attempted to the other address.
    const elsewhere = pinnedPool(origin, { address: '10.0.0.1', family: 4 });
    expect(elsewhere).not.toBe(here);
    expect(pinnedPool(origin, { address: '127.0.0.1', family: 4 })).toBe(here);
    expect(
      pinnedPool(new URL('https://example.test/'), { address: '127.0.0.1', family: 4 }),
    ).not.toBe(here);
  });

  it('sends a request once more on a new connection when the kept one was closed under it', async () => {
    // Answers the first request of each connection and drops the connection at the second, as a
    // server whose keep-alive ran out just as the request arrived.
    const served = new WeakMap<Socket, number>();
    let requests = 0;
    const server = await startHttpServer((req, res) => {
      requests += 1;
      const count = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, count);
      if (count > 1) req.socket.destroy();
      else res.end(`<p>${req.url}`);
    });
    servers.push(server);
    expect((await get(`${server.origin}/one`)).body.toString()).toBe('<p>/one');
    // undici frees the connection just after the body's end: the next page comes later anyway.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await get(`${server.origin}/two`)).body.toString()).toBe('<p>/two');
    expect(requests).toBe(3);
    expect(server.connections()).toBe(2);
  });

  it('does not send a request twice when a new connection fails', async () => {
    let requests = 0;
    const server = await startHttpServer((req) => {
      requests += 1;
      req.socket.destroy();
    });
    servers.push(server);
    await expect(get(`${server.origin}/`)).rejects.toMatchObject({ code: 'fetch_failed' });
    expect(requests).toBe(1);
  });
});
