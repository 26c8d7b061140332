import http from 'node:http';
import type net from 'node:net';
import { AnalysisError } from '@crawlwise/analyzer/analysis-error';
import { createAddressGuard } from '@crawlwise/analyzer/gather/address-guard';
import { startEgressProxy } from '@crawlwise/analyzer/gather/egress-proxy';
import { fetchPage } from '@crawlwise/analyzer/gather/fetch-page';
import type { AddressGuard, Resolver } from '@crawlwise/analyzer/types';
import { ERROR_CATALOGUE } from '@crawlwise/shared/error-catalogue';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { analysisFailure, spyOnConnections } from './support/connections.ts';

/**
 * DNS rebinding: a name answers an allowed address when checked and another one a moment later,
 * hoping the connection resolves again. Both addresses here are loopback, so nothing can leave
 * the machine whatever happens: 127.0.0.1 plays the address the guard approves ("public") and
 * 127.0.0.2, on the same port, the one it must never reach ("private"). rebind.test does not
 * exist in real DNS, so any second resolution outside the guard would fail the request.
 */

const APPROVED = '127.0.0.1';
const REBOUND = '127.0.0.2';

interface CountingServer {
  requests: string[];
  connections(): number;
  close(): Promise<void>;
}

async function listen(host: string, port: number): Promise<CountingServer & { port: number }> {
  const requests: string[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    requests.push(`${req.headers.host} ${req.url}`);
    if (req.url?.startsWith('/hop/')) {
      const n = Number(req.url.slice(5));
      res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/landed' }).end();
    } else {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>served by ${host}`);
    }
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Answers APPROVED for the first `honest` calls, REBOUND ever after. */
function rebindingResolver(honest = 1) {
  let calls = 0;
  return vi.fn<Resolver>(async () => {
    calls += 1;
    return [{ address: calls <= honest ? APPROVED : REBOUND, family: 4 }];
  });
}

/** The production guard's resolution and pinning, treating only APPROVED as public. */
function guardApproving(resolver: Resolver): AddressGuard {
  const resolveAndPin = createAddressGuard({ allowPrivate: true, resolver });
  return async (hostname, port) => {
    const pin = await resolveAndPin(hostname, port);
    if (pin.address !== APPROVED) {
      throw new AnalysisError('private_ip', ERROR_CATALOGUE.private_ip.description);
    }
    return pin;
  };
}

let approved: CountingServer & { port: number };
let rebound: CountingServer;
let url: string;

beforeAll(async () => {
  approved = await listen(APPROVED, 0);
  rebound = await listen(REBOUND, approved.port);
  url = `http://rebind.test:${approved.port}`;
});
afterAll(async () => {
  await approved.close();
  await rebound.close();
});
afterEach(() => {
  vi.restoreAllMocks();
  approved.requests.length = 0;
});

describe('DNS rebinding between check and connect', () => {
  it('the fetch connects to the checked address, never resolving the name again', async () => {
    const resolver = rebindingResolver();
    const connections = spyOnConnections();
    const page = await fetchPage(`${url}/page`, { guard: guardApproving(resolver) });
    expect(page.html).toBe(`<p>served by ${APPROVED}`);
    expect(resolver).toHaveBeenCalledTimes(1);
    // The Host header keeps the name; the socket went to the pinned address.
    expect(approved.requests).toEqual([`rebind.test:${approved.port} /page`]);
    expect(rebound.connections()).toBe(0);
    const targets = await connections.settled();
    expect(targets.map((t) => t.address)).toEqual([APPROVED]);
  });

  it('each redirect hop is checked afresh: the hop that rebinds is refused, unsent', async () => {
    const resolver = rebindingResolver(2);
    const error = await analysisFailure(
      fetchPage(`${url}/hop/5`, { guard: guardApproving(resolver) }),
    );
    expect(error.code).toBe('private_ip');
    expect(resolver).toHaveBeenCalledTimes(3);
    expect(approved.requests).toEqual([
      `rebind.test:${approved.port} /hop/5`,
      `rebind.test:${approved.port} /hop/4`,
    ]);
    expect(rebound.connections()).toBe(0);
  });

  it('the browser’s egress proxy forwards to the checked address, plain and tunnelled', async () => {
    const resolver = rebindingResolver(2);
    const proxy = await startEgressProxy(guardApproving(resolver), { connectTimeoutMs: 2_000 });
    try {
      const plain = await new Promise<string>((resolve, reject) => {
        const req = http.request({
          host: '127.0.0.1',
          port: proxy.port,
          path: `${url}/via-proxy`,
          agent: false,
        });
        req.on('response', (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString();
          });
          res.on('end', () => resolve(body));
        });
        req.on('error', reject);
        req.end();
      });
      expect(plain).toBe(`<p>served by ${APPROVED}`);

      const tunnelled = await new Promise<string>((resolve, reject) => {
        const req = http.request({
          host: '127.0.0.1',
          port: proxy.port,
          method: 'CONNECT',
          path: `rebind.test:${approved.port}`,
          agent: false,
        });
        req.on('connect', (_res, socket) => {
          let raw = '';
          socket.on('data', (chunk: Buffer) => {
            raw += chunk.toString();
          });
          socket.on('end', () => resolve(raw));
          socket.write(
            `GET /via-tunnel HTTP/1.1\r\nHost: rebind.test:${approved.port}\r\nConnection: close\r\n\r\n`,
          );
        });
        req.on('error', reject);
        req.end();
      });
      expect(tunnelled).toContain(`<p>served by ${APPROVED}`);
      expect(resolver).toHaveBeenCalledTimes(2);
      expect(approved.requests).toEqual([
        `rebind.test:${approved.port} /via-proxy`,
        `rebind.test:${approved.port} /via-tunnel`,
      ]);

      // The third check sees the rebound answer: refused, and still nothing reaches it.
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request({
          host: '127.0.0.1',
          port: proxy.port,
          path: `${url}/after-rebind`,
          agent: false,
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(403);
      expect(rebound.connections()).toBe(0);
    } finally {
      await proxy.close();
    }
  });
});
