import http from 'node:http';
import { createAddressGuard } from '@crawlwise/analyzer/gather/address-guard';
import { startEgressProxy } from '@crawlwise/analyzer/gather/egress-proxy';
import { fetchPage } from '@crawlwise/analyzer/gather/fetch-page';
import { resolverOf } from '@crawlwise/analyzer/test-support/guard-helpers';
import { ERROR_CATALOGUE } from '@crawlwise/shared/error-catalogue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analysisFailure, spyOnConnections } from './support/connections.ts';

/**
 * A name whose DNS answer mixes public and private addresses is refused as a whole: the
 * connection (or a retry, or the browser) could otherwise land on the private one. The answers
 * come from an injected resolver and the connect spy throws, so nothing is ever sent; the
 * refusal names neither the answer nor its range (that would map the internal DNS).
 */
afterEach(() => vi.restoreAllMocks());

const PUBLIC_V4 = '93.184.216.34';
const PUBLIC_V6 = '2606:2800:220:1:248:1893:25c8:1946';

const MIXED_ANSWERS: string[][] = [
  [PUBLIC_V4, '10.1.2.3'],
  ['10.1.2.3', PUBLIC_V4],
  [PUBLIC_V6, 'fd12:3456::7'],
  [PUBLIC_V4, PUBLIC_V6, '169.254.169.254'],
  [...Array.from({ length: 50 }, (_, i) => `93.184.216.${i + 1}`), '127.0.0.1'],
  [PUBLIC_V4, '::ffff:10.1.2.3'],
  [PUBLIC_V4, '::7f00:1'],
  [PUBLIC_V4, '64:ff9b::a9fe:a9fe'],
  [PUBLIC_V4, '2002:a01:203::'],
  [PUBLIC_V4, '100.64.0.1'],
  [PUBLIC_V4, '0.0.0.0'],
  [PUBLIC_V4, 'fe80::1%eth0'],
  [PUBLIC_V4, 'not-an-address'],
];

describe('DNS answers mixing public and private addresses', () => {
  it.each(MIXED_ANSWERS)(
    'refuses a name answering %s … before any connection',
    async (...answers) => {
      const connections = spyOnConnections({ forbid: 'all' });
      const resolver = resolverOf(...answers);
      const guard = createAddressGuard({ resolver });
      const error = await analysisFailure(fetchPage('https://intranet.example/', { guard }));
      expect(error.code).toBe('private_ip');
      expect(resolver).toHaveBeenCalledWith('intranet.example');
      expect(connections.spy).not.toHaveBeenCalled();
      // The catalogue sentence only: no address, no range name, not even the host.
      expect(error.message).toBe(ERROR_CATALOGUE.private_ip.description);
      for (const answer of answers) expect(error.message).not.toContain(answer);
    },
  );

  it('refuses a mixed answer in the browser’s egress proxy too, connecting nowhere', async () => {
    const guard = createAddressGuard({ resolver: resolverOf(PUBLIC_V4, '10.1.2.3') });
    const proxy = await startEgressProxy(guard, { connectTimeoutMs: 1_000 });
    const connections = spyOnConnections();
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request({
          host: '127.0.0.1',
          port: proxy.port,
          method: 'CONNECT',
          path: 'intranet.example:443',
          agent: false,
        });
        req.on('connect', (res, socket) => {
          socket.destroy();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(403);
      expect(proxy.stats.refused).toBe(1);
      expect(proxy.stats.tunnels).toBe(0);
      // The only connection made is the test's own, to the proxy.
      const targets = await connections.settled();
      expect(targets.map((t) => `${t.address}:${t.port}`)).toEqual([`127.0.0.1:${proxy.port}`]);
    } finally {
      await proxy.close();
    }
  });
});
