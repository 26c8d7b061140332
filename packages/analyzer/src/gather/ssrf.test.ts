import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { codeOf, resolverOf } from '../test-support/guard-helpers.ts';
import { type LocalServer, startHttpServer } from '../test-support/local-server.ts';
import type { AddressGuard, Resolver } from '../types.ts';
import { createAddressGuard } from './address-guard.ts';
import { fetchPage } from './fetch-page.ts';
import { closeKeptConnections } from './pinned-client.ts';
import { fetchRobots } from './robots.ts';

/**
 * The fetcher must refuse private targets BEFORE any socket is opened. Every outgoing connection
 * goes through net.Socket.prototype.connect (plain and TLS alike), so a spy there counts them; in
 * the refusal tests it also throws, so a broken guard could never send traffic anywhere.
 */

let server: LocalServer;
let requests: string[] = [];

beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    requests.push(`${req.headers.host} ${req.url}`);
    if (req.url === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (req.url === '/to-localhost') {
      res.writeHead(302, { location: `http://localhost:${server.port}/` }).end();
    } else if (req.url === '/to-internal') {
      res.writeHead(302, { location: 'http://internal.test/' }).end();
    } else {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>local');
    }
  });
});
afterAll(() => server.close());
// Each test starts without kept connections, so the connections it counts are its own.
afterEach(async () => {
  vi.restoreAllMocks();
  requests = [];
  await closeKeptConnections();
});

function forbidConnections() {
  return vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(() => {
    throw new Error('a connection was attempted');
  });
}

function countConnections() {
  return vi.spyOn(net.Socket.prototype, 'connect');
}

describe('SSRF: literal addresses', () => {
  it.each([
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0/',
    'http://localhost/',
    'https://localhost:8443/',
    'http://169.254.169.254/latest/meta-data/',
  ])('refuses %s with private_ip, no DNS and no connection', async (url) => {
    const connect = forbidConnections();
    const resolver = resolverOf('93.184.216.34');
    const guard = createAddressGuard({ resolver });
    expect(await codeOf(fetchPage(url, { guard }))).toBe('private_ip');
    expect(resolver).not.toHaveBeenCalled();
    expect(connect).not.toHaveBeenCalled();
  });
});

describe('SSRF: names resolving to private addresses', () => {
  it.each([
    [['10.0.0.5']],
    [['192.168.1.1']],
    [['172.16.0.1']],
    [['169.254.169.254']],
    [['fd00::1']],
    [['::ffff:10.0.0.1']],
    [['2002:0a00:0001::']],
    [['64:ff9b::a00:1']],
    [['93.184.216.34', '10.0.0.1']],
  ])('refuses a host resolving to %j before connecting', async (addresses) => {
    const connect = forbidConnections();
    const resolver = resolverOf(...addresses);
    const guard = createAddressGuard({ resolver });
    expect(await codeOf(fetchPage('https://innocent.example/', { guard }))).toBe('private_ip');
    expect(resolver).toHaveBeenCalledWith('innocent.example');
    expect(connect).not.toHaveBeenCalled();
  });

  it('refuses a name resolving to loopback even on the local server’s own port', async () => {
    // The port is allowed, so only the address check stands between the fetch and the server.
    const guard = createAddressGuard({
      resolver: resolverOf('127.0.0.1'),
      allowedPorts: [server.port],
    });
    const connect = countConnections();
    expect(await codeOf(fetchPage(`http://sneaky.test:${server.port}/`, { guard }))).toBe(
      'private_ip',
    );
    expect(connect).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
  });

  it('robots.txt goes through the same guard', async () => {
    const connect = forbidConnections();
    const guard = createAddressGuard({ resolver: resolverOf('10.0.0.1') });
    const robots = await fetchRobots('https://innocent.example/page', { guard });
    expect(robots).toMatchObject({ status: 'unreachable', allowedForGooglebot: null });
    expect(robots.detail).toContain('private');
    expect(connect).not.toHaveBeenCalled();
  });
});

describe('SSRF: redirects', () => {
  /** Allows exactly the local test server; everything else gets the production rules. */
  function onlyLocalServer(resolver: Resolver = resolverOf('10.0.0.9')): AddressGuard {
    const strict = createAddressGuard({ resolver });
    return async (hostname, port) =>
      hostname === '127.0.0.1' && port === server.port
        ? { address: '127.0.0.1', family: 4 }
        : strict(hostname, port);
  }

  it.each(['/to-metadata', '/to-localhost', '/to-internal'])(
    'refuses the private hop of %s after one allowed connection',
    async (path) => {
      const connect = countConnections();
      const error = fetchPage(`${server.origin}${path}`, { guard: onlyLocalServer() });
      expect(await codeOf(error)).toBe('private_ip');
      expect(connect).toHaveBeenCalledTimes(1);
      expect(requests).toEqual([`127.0.0.1:${server.port} ${path}`]);
    },
  );
});

describe('DNS pinning', () => {
  it('connects to the address the guard returned, never resolving again', async () => {
    // rebind.test does not exist in real DNS: the request can only succeed if the socket uses
    // the guard's answer. The Host header still carries the name.
    const resolver = resolverOf('127.0.0.1');
    const guard = createAddressGuard({ allowPrivate: true, resolver });
    const page = await fetchPage(`http://rebind.test:${server.port}/x`, { guard });
    expect(page.html).toBe('<p>local');
    expect(resolver).toHaveBeenCalledTimes(1);
    expect(requests).toEqual([`rebind.test:${server.port} /x`]);
  });

  it('uses the first answer the guard checked even if DNS changes afterwards', async () => {
    // A resolver that rebinds on every call: first loopback (allowed in this test), then a
    // private address. The connection must go where the checked answer pointed.
    let calls = 0;
    const resolver = vi.fn<Resolver>(async () => [
      { address: calls++ === 0 ? '127.0.0.1' : '10.0.0.1', family: 4 },
    ]);
    const guard = createAddressGuard({ allowPrivate: true, resolver });
    const connect = countConnections();
    const page = await fetchPage(`http://rebind.test:${server.port}/`, { guard });
    expect(page.status).toBe(200);
    expect(resolver).toHaveBeenCalledTimes(1);
    expect(connect).toHaveBeenCalledTimes(1);
  });
});
