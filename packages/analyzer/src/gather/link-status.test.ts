import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolverOf } from '../test-support/guard-helpers.ts';
import { type LocalServer, startHttpServer } from '../test-support/local-server.ts';
import { createAddressGuard } from './address-guard.ts';
import { fetchLinkStatus } from './link-status.ts';

const guard = createAddressGuard({ allowPrivate: true });
let server: LocalServer;

beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    if (req.url === '/ok') {
      // A large body the check must not wait for: the answer is the status line.
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('x'.repeat(64 * 1024));
      setTimeout(() => res.end(), 5_000).unref();
      return;
    }
    if (req.url === '/moved') return res.writeHead(301, { location: '/ok' }).end();
    if (req.url === '/loop') return res.writeHead(302, { location: '/loop2' }).end();
    if (req.url === '/loop2') return res.writeHead(302, { location: '/loop' }).end();
    res.writeHead(404, { 'content-type': 'text/html' }).end('gone');
  });
});
afterAll(() => server.close());

describe('fetchLinkStatus', () => {
  it('answers the status without reading the body', async () => {
    const started = performance.now();
    expect(await fetchLinkStatus(`${server.origin}/ok`, { guard })).toEqual({
      status: 200,
      finalUrl: null,
      error: null,
    });
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('follows redirects to the final answer', async () => {
    expect(await fetchLinkStatus(`${server.origin}/moved`, { guard })).toEqual({
      status: 200,
      finalUrl: `${server.origin}/ok`,
      error: null,
    });
    expect(await fetchLinkStatus(`${server.origin}/nope`, { guard })).toMatchObject({
      status: 404,
    });
  });

  it('names a failure to answer with its catalogue code', async () => {
    expect(await fetchLinkStatus(`${server.origin}/loop`, { guard })).toEqual({
      status: null,
      finalUrl: null,
      error: 'redirect_loop',
    });
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    expect(await fetchLinkStatus(`http://127.0.0.1:${closed}/`, { guard })).toMatchObject({
      status: null,
      error: expect.stringMatching(/fetch_failed|connection/),
    });
  });

  it('refuses a target that resolves to a private address without connecting', async () => {
    const resolver = resolverOf('10.0.0.7');
    const strict = createAddressGuard({ resolver });
    const connect = net.Socket.prototype.connect;
    let connections = 0;
    net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
      connections += 1;
      return Reflect.apply(connect, this, args);
    } as typeof connect;
    try {
      expect(await fetchLinkStatus('http://intranet.example/', { guard: strict })).toEqual({
        status: null,
        finalUrl: null,
        error: 'private_ip',
      });
    } finally {
      net.Socket.prototype.connect = connect;
    }
    expect(resolver).toHaveBeenCalledWith('intranet.example');
    expect(connections).toBe(0);
  });
});
