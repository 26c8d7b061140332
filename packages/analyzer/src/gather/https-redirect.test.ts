import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type LocalServer,
  selfSignedCertificate,
  startHttpServer,
  startHttpsServer,
} from '../test-support/local-server.ts';
import type { Resolver } from '../types.ts';
import { createAddressGuard } from './address-guard.ts';
import { defaultHttpPort, probeHttpsRedirect, twinHost } from './https-redirect.ts';

/**
 * The probes against two servers on 127.0.0.1: plain http (the site's port 80) and https (its
 * 443), both answering for site.test and www.site.test by the Host header, through a resolver
 * that maps those names (and elsewhere.test) to loopback; nodns.test does not resolve.
 */

type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let plain: LocalServer;
let secure: LocalServer;
let onHttp: Route;
let onHttps: Route;
const hits: string[] = [];

const resolver: Resolver = async (host) => {
  if (host.startsWith('nodns') || host.startsWith('www.nodns')) {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  }
  return [{ address: '127.0.0.1', family: 4 }];
};
const guard = createAddressGuard({ allowPrivate: true, resolver });
let options: Parameters<typeof probeHttpsRedirect>[1];

const host = (req: http.IncomingMessage) => (req.headers.host ?? '').replace(/:\d+$/, '');
const at = (name: string) => `https://${name}:${secure.port}/`;

beforeAll(async () => {
  const certificate = await selfSignedCertificate(['site.test', 'www.site.test', 'nodns.test']);
  plain = await startHttpServer((req, res) => {
    hits.push(`http ${host(req)}${req.url}`);
    onHttp(req, res);
  });
  secure = await startHttpsServer((req, res) => {
    hits.push(`https ${host(req)}${req.url}`);
    onHttps(req, res);
  }, certificate);
  options = { guard, tls: { ca: certificate.cert }, httpPortOf: () => plain.port };
});
afterAll(() => Promise.all([plain.close(), secure.close()]));
beforeEach(() => {
  hits.length = 0;
  // A well-kept site: everything goes to https://site.test in one 301.
  onHttp = (req, res) =>
    res.writeHead(301, { location: `${at('site.test')}${req.url?.slice(1)}` }).end();
  onHttps = (req, res) => {
    if (host(req) === 'site.test') res.writeHead(200, { 'content-type': 'text/html' }).end('ok');
    else res.writeHead(301, { location: `${at('site.test')}${req.url?.slice(1)}` }).end();
  };
});

const page = (name = 'site.test') => `https://${name}:${secure.port}/shop/page`;

describe('probeHttpsRedirect', () => {
  it('follows http:// and the www twin to the page host, one request per hop, no bodies', async () => {
    const artifact = await probeHttpsRedirect(page(), options);
    expect(artifact).toEqual({
      origin: `https://site.test:${secure.port}`,
      http: {
        url: `http://site.test:${plain.port}/`,
        hops: [{ url: `http://site.test:${plain.port}/`, status: 301, location: at('site.test') }],
        finalUrl: at('site.test'),
        status: 200,
      },
      twin: {
        url: at('www.site.test'),
        hops: [{ url: at('www.site.test'), status: 301, location: at('site.test') }],
        finalUrl: at('site.test'),
        status: 200,
      },
    });
    expect(hits.sort()).toEqual([
      'http site.test/',
      'https site.test/',
      'https site.test/',
      'https www.site.test/',
    ]);
  });

  it('records an http:// that serves the page and a twin that serves the site', async () => {
    onHttp = (_req, res) => res.writeHead(200).end('plain');
    onHttps = (_req, res) => res.writeHead(200).end('both');
    const artifact = await probeHttpsRedirect(page(), options);
    expect(artifact?.http).toMatchObject({ hops: [], status: 200 });
    expect(artifact?.twin).toMatchObject({ hops: [], status: 200 });
  });

  it('records a chain through the other host name with its statuses', async () => {
    onHttp = (_req, res) => res.writeHead(302, { location: at('www.site.test') }).end();
    const artifact = await probeHttpsRedirect(page(), options);
    expect(artifact?.http?.hops.map((hop) => [hop.status, hop.location])).toEqual([
      [302, at('www.site.test')],
      [301, at('site.test')],
    ]);
    expect(artifact?.http?.finalUrl).toBe(at('site.test'));
  });

  it('stops at a redirect to another site without asking it', async () => {
    onHttp = (_req, res) => res.writeHead(301, { location: 'https://elsewhere.test/' }).end();
    const artifact = await probeHttpsRedirect(page(), options);
    expect(artifact?.http).toEqual({
      url: `http://site.test:${plain.port}/`,
      hops: [
        {
          url: `http://site.test:${plain.port}/`,
          status: 301,
          location: 'https://elsewhere.test/',
        },
      ],
      finalUrl: `http://site.test:${plain.port}/`,
      status: 301,
      leftSite: true,
    });
    expect(hits.filter((hit) => hit.includes('elsewhere'))).toEqual([]);
  });

  it('follows at most 4 hops between the two names', async () => {
    let n = 0;
    onHttps = (_req, res) => {
      n += 1;
      res.writeHead(301, { location: `${at(n % 2 ? 'site.test' : 'www.site.test')}?${n}` }).end();
    };
    const artifact = await probeHttpsRedirect(page(), options);
    expect(artifact?.twin?.error?.code).toBe('redirect_loop');
    expect(hits.filter((hit) => hit.startsWith('https')).length).toBeLessThanOrEqual(2 * (4 + 1));
  });

  it('reports a twin without DNS as an error, without a request', async () => {
    const artifact = await probeHttpsRedirect(page('nodns.test'), options);
    expect(artifact?.twin?.error?.code).toBe('dns_error');
    expect(hits.filter((hit) => hit.includes('www.nodns'))).toEqual([]);
  });

  it('asks nothing for an http page, and no http:// for a non-default https port', async () => {
    expect(await probeHttpsRedirect(`http://site.test:${plain.port}/`, options)).toBeNull();
    const { httpPortOf: _, ...defaults } = options;
    const artifact = await probeHttpsRedirect(page(), defaults);
    expect(artifact?.http).toBeNull();
    expect(hits.filter((hit) => hit.startsWith('http '))).toEqual([]);
  });

  it('goes through the address guard: a refused address is never contacted', async () => {
    const refusing = createAddressGuard({ allowPrivate: false, resolver });
    const artifact = await probeHttpsRedirect(page(), { ...options, guard: refusing });
    // Refused for the port (a production guard allows 80 and 443 only) or the loopback address.
    for (const probe of [artifact?.http, artifact?.twin]) {
      expect(['invalid_url', 'private_ip']).toContain(probe?.error?.code);
    }
    expect(hits).toEqual([]);
  });
});

describe('twinHost', () => {
  it('pairs a registrable domain with its www name, and nothing else', () => {
    expect(twinHost('example.com')).toBe('www.example.com');
    expect(twinHost('www.example.com')).toBe('example.com');
    expect(twinHost('WWW.Example.co.uk.')).toBe('example.co.uk');
    expect(twinHost('example.co.uk')).toBe('www.example.co.uk');
    expect(twinHost('blog.example.com')).toBeNull();
    expect(twinHost('127.0.0.1')).toBeNull();
    expect(twinHost('localhost')).toBeNull();
  });

  it('asks port 80 for 443 only', () => {
    expect(defaultHttpPort(443)).toBe(80);
    expect(defaultHttpPort(8443)).toBeNull();
  });
});
