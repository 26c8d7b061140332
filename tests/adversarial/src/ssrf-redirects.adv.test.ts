import { createAddressGuard } from '@crawlwise/analyzer/gather/address-guard';
import { fetchPage } from '@crawlwise/analyzer/gather/fetch-page';
import { closeKeptConnections } from '@crawlwise/analyzer/gather/pinned-client';
import { type LocalServer, startHttpServer } from '@crawlwise/analyzer/test-support/local-server';
import type { AddressGuard, Resolver } from '@crawlwise/analyzer/types';
import { MAX_REDIRECTS } from '@crawlwise/shared/limits';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { analysisFailure, spyOnConnections } from './support/connections.ts';

/**
 * A public page that redirects somewhere it must not go. Every hop passes the address guard
 * again, only http and https are ever followed, and the chain stops after MAX_REDIRECTS hops. The
 * one server is on loopback and is the only address allowed; the names behind the private hops
 * come from an injected resolver, and the connect spy shows the first hop was the only one.
 */

const DNS: Record<string, string[]> = {
  'intranet.test': ['10.1.2.3'],
  'metadata.test': ['169.254.169.254'],
  'sneaky.test': ['127.0.0.1'],
  'mixed.test': ['93.184.216.34', '192.168.1.1'],
};
const resolver = vi.fn<Resolver>(async (name) =>
  (DNS[name] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const),
);

let server: LocalServer;
let requests: string[] = [];
let guard: AddressGuard;

beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url.pathname);
    if (url.pathname === '/to') {
      res.writeHead(302, { location: url.searchParams.get('u') ?? '/' }).end();
    } else if (url.pathname.startsWith('/hop/')) {
      const n = Number(url.pathname.slice(5));
      res.writeHead(301, { location: n > 0 ? `/hop/${n - 1}` : '/landed' }).end();
    } else if (url.pathname.startsWith('/endless/')) {
      res.writeHead(307, { location: `/endless/${Number(url.pathname.slice(9)) + 1}` }).end();
    } else {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>landed');
    }
  });
  // Production rules for every target but the test server itself. Its port is allowed, so a name
  // or literal pointing back at it is refused for its address, not for an odd port.
  const strict = createAddressGuard({ resolver, allowedPorts: [80, 443, 8080, 8443, server.port] });
  guard = async (hostname, port) =>
    hostname === '127.0.0.1' && port === server.port
      ? { address: '127.0.0.1', family: 4 }
      : strict(hostname, port);
});
afterAll(() => server.close());
// Each test starts without kept connections: its first hop opens the one connection it counts.
afterEach(async () => {
  vi.restoreAllMocks();
  requests = [];
  await closeKeptConnections();
});

const redirectTo = (target: string) => `${server.origin}/to?u=${encodeURIComponent(target)}`;

async function expectRefusedAfterFirstHop(target: string, code: string): Promise<void> {
  const connections = spyOnConnections();
  const error = await analysisFailure(fetchPage(redirectTo(target), { guard }));
  expect(error.code).toBe(code);
  expect(requests).toEqual(['/to']);
  const targets = await connections.settled();
  expect(targets.map((t) => `${t.address}:${t.port}`)).toEqual([`127.0.0.1:${server.port}`]);
}

describe('redirect hops to private addresses', () => {
  it.each([
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::169.254.169.254]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://metadata.test/computeMetadata/v1/',
    'http://intranet.test/admin',
    'http://mixed.test/',
    'https://intranet.test/',
    '//10.0.0.1/',
    'http:\\\\169.254.169.254\\latest',
    'http://2130706433/',
    // 127.0.0.2 as a number (127.0.0.1 on this port is the test server the wrapper allows).
    'http://2130706434:PORT/',
    'http://0.0.0.0:PORT/',
    'http://[::1]:PORT/',
    'http://127.0.0.2:PORT/',
    'http://localhost:PORT/',
    'http://sneaky.test:PORT/',
  ])('refuses the hop to %s (private_ip)', async (target) => {
    await expectRefusedAfterFirstHop(target.replace('PORT', String(server.port)), 'private_ip');
  });
});

describe('redirect hops to other schemes', () => {
  it.each([
    'file:///etc/passwd',
    'ftp://ftp.example/pub/',
    'data:text/html,<p>injected</p>',
    'gopher://127.0.0.1:25/_HELO%20localhost',
    'javascript:alert(1)',
    'ws://example.com/socket',
    'dict://127.0.0.1:11211/stats',
  ])('refuses the hop to %s (unsupported_protocol)', async (target) => {
    await expectRefusedAfterFirstHop(target, 'unsupported_protocol');
  });
});

describe('the redirect limit', () => {
  it(`follows ${MAX_REDIRECTS} redirects`, async () => {
    const page = await fetchPage(`${server.origin}/hop/${MAX_REDIRECTS - 1}`, { guard });
    expect(page.redirects).toHaveLength(MAX_REDIRECTS);
    expect(page.html).toBe('<p>landed');
  });

  it(`refuses the ${MAX_REDIRECTS + 1}th redirect without requesting its target`, async () => {
    const error = await analysisFailure(
      fetchPage(`${server.origin}/hop/${MAX_REDIRECTS}`, { guard }),
    );
    expect(error.code).toBe('redirect_loop');
    expect(requests).toHaveLength(MAX_REDIRECTS + 1);
    expect(requests).not.toContain('/landed');
  });

  it('stops an endless chain of new addresses after the limit', async () => {
    const started = performance.now();
    const error = await analysisFailure(fetchPage(`${server.origin}/endless/0`, { guard }));
    expect(error.code).toBe('redirect_loop');
    expect(requests).toHaveLength(MAX_REDIRECTS + 1);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
