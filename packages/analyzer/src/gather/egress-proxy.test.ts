import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowOnly, startServer, type TestServer } from '../test-support/render-fixtures.ts';
import { type EgressProxy, startEgressProxy } from './egress-proxy.ts';

/** Sends one absolute-form request through the proxy. */
function viaProxy(
  proxyPort: number,
  url: string,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: proxyPort, path: url, agent: false });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a CONNECT tunnel; resolves with the proxy's status line and the socket. */
function connect(
  proxyPort: number,
  authority: string,
): Promise<{ status: number; socket: net.Socket }> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port: proxyPort,
      method: 'CONNECT',
      path: authority,
      agent: false,
    });
    req.on('connect', (res, socket) => resolve({ status: res.statusCode ?? 0, socket }));
    req.on('error', reject);
    req.end();
  });
}

describe('startEgressProxy', () => {
  let site: TestServer;
  let forbidden: TestServer;
  let proxy: EgressProxy;
  let guard: ReturnType<typeof allowOnly>;

  beforeAll(async () => {
    site = await startServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'x-seen-host': req.headers.host ?? '' });
      res.end(`hello ${req.url}`);
    });
    forbidden = await startServer();
    // `site.test` does not exist in DNS: reaching it proves the proxy used the pinned address.
    guard = allowOnly({
      [`site.test:${site.port}`]: '127.0.0.1',
      [`127.0.0.1:${site.port}`]: '127.0.0.1',
      'closed.test:1': '127.0.0.1',
    });
    proxy = await startEgressProxy(guard, { connectTimeoutMs: 2_000 });
  });

  afterAll(async () => {
    await proxy.close();
    await site.close();
    await forbidden.close();
  });

  it('forwards an allowed plain-HTTP request to the pinned address, keeping the Host name', async () => {
    const res = await viaProxy(proxy.port, `http://site.test:${site.port}/page?q=1`);
    expect(res.status).toBe(200);
    expect(res.body).toBe('hello /page?q=1');
    expect(res.headers['x-seen-host']).toBe(`site.test:${site.port}`);
    expect(guard.calls).toContainEqual({ hostname: 'site.test', port: site.port });
  });

  it('answers 403 to a refused target and never connects to it', async () => {
    const before = proxy.stats.refused;
    const res = await viaProxy(proxy.port, `http://127.0.0.1:${forbidden.port}/secret`);
    const byName = await viaProxy(proxy.port, `http://localhost:${forbidden.port}/`);
    expect(res.status).toBe(403);
    expect(byName.status).toBe(403);
    expect(forbidden.connections()).toBe(0);
    expect(proxy.stats.refused).toBe(before + 2);
    expect(proxy.stats.refusedTargets).toContain(`localhost:${forbidden.port}`);
  });

  it('checks IPv6 literals without brackets', async () => {
    const res = await viaProxy(proxy.port, `http://[::1]:${forbidden.port}/`);
    expect(res.status).toBe(403);
    expect(guard.calls).toContainEqual({ hostname: '::1', port: forbidden.port });
  });

  it('opens an allowed CONNECT tunnel to the pinned address', async () => {
    const { status, socket } = await connect(proxy.port, `site.test:${site.port}`);
    expect(status).toBe(200);
    const reply = await new Promise<string>((resolve) => {
      let data = '';
      socket.on('data', (chunk: Buffer) => {
        data += chunk.toString();
        if (data.includes('hello /tunnel')) resolve(data);
      });
      socket.write(`GET /tunnel HTTP/1.1\r\nHost: site.test\r\nConnection: close\r\n\r\n`);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
    socket.destroy();
  });

  it('answers 403 to a refused CONNECT and closes the socket', async () => {
    const before = proxy.stats.refused;
    const { status, socket } = await connect(proxy.port, `127.0.0.1:${forbidden.port}`);
    expect(status).toBe(403);
    await new Promise((resolve) => socket.once('close', resolve).resume());
    expect(forbidden.connections()).toBe(0);
    expect(proxy.stats.refused).toBe(before + 1);
  });

  it('refuses a plain ws:// upgrade to a refused target', async () => {
    const socket = net.connect(proxy.port, '127.0.0.1');
    const reply = await new Promise<string>((resolve) => {
      let data = '';
      socket.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      socket.on('close', () => resolve(data));
      socket.write(
        `GET http://127.0.0.1:${forbidden.port}/ws HTTP/1.1\r\nHost: 127.0.0.1:${forbidden.port}\r\n` +
          'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      );
    });
    expect(reply).toMatch(/^HTTP\/1\.1 403/);
    expect(forbidden.connections()).toBe(0);
  });

  it('rejects origin-form and https:// absolute-form requests', async () => {
    const origin = await viaProxy(proxy.port, '/not-a-proxy-request');
    const https = await viaProxy(proxy.port, `https://site.test:${site.port}/`);
    expect(origin.status).toBe(400);
    expect(https.status).toBe(400);
  });

  it('answers 502 when an allowed target is unreachable', async () => {
    const before = proxy.stats.failed;
    const res = await viaProxy(proxy.port, 'http://closed.test:1/');
    expect(res.status).toBe(502);
    expect(proxy.stats.failed).toBe(before + 1);
  });

  it('close() ends open tunnels', async () => {
    const own = await startEgressProxy(guard);
    const { socket } = await connect(own.port, `site.test:${site.port}`);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.resume();
    await own.close();
    await closed;
  });
});
