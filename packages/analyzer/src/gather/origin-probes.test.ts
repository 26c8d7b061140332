import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine.ts';
import {
  type LocalServer,
  selfSignedCertificate,
  startHttpServer,
  startHttpsServer,
} from '../test-support/local-server.ts';
import type { FetchArtifact } from '../types.ts';
import { createAddressGuard } from './address-guard.ts';
import { createOriginProbes } from './origin-probes.ts';
import { probeUnknownPath, UNKNOWN_PATH_PREFIX, unknownPathOf } from './unknown-path.ts';

/**
 * The origin probes through one engine, as the CLI, a server worker and a crawl each hold one:
 * however many pages of an origin are analysed (at once or one after another), each probe is
 * asked once per time to live, counted at the local server.
 */

let server: LocalServer;
const hits: string[] = [];
let unknownStatus = 404;
const page = (n: number) =>
  `<!doctype html><html lang="en"><head><title>Oak table number ${n} for sale</title></head><body><main><h1>Table ${n}</h1><p>${'solid oak '.repeat(200)}</p></main></body></html>`;

beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    const path = req.url ?? '';
    hits.push(path.startsWith(UNKNOWN_PATH_PREFIX) ? UNKNOWN_PATH_PREFIX : path);
    if (path === '/robots.txt') {
      res.writeHead(200).end(`User-agent: *\nAllow: /\nSitemap: ${server.origin}/sitemap.xml\n`);
    } else if (path === '/sitemap.xml') {
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${server.origin}/p/1</loc></url></urlset>`,
        );
    } else if (path.startsWith('/p/')) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(page(Number(path.slice(3))));
    } else if (path.startsWith(UNKNOWN_PATH_PREFIX)) {
      res.writeHead(unknownStatus, { 'content-type': 'text/html' }).end('gone');
    } else res.writeHead(404).end();
  });
});
afterAll(() => server.close());
beforeEach(() => {
  hits.length = 0;
  unknownStatus = 404;
});

const count = (path: string) => hits.filter((hit) => hit === path).length;

describe('origin probes in an engine', () => {
  it('asks each probe once per origin for many pages, at once and one after another', async () => {
    const engine = createEngine({ allowPrivate: true, render: false, analysisThreads: 0 });
    try {
      const first = await Promise.all(
        [1, 2, 3].map((n) => engine.analyzeUrl(`${server.origin}/p/${n}`)),
      );
      const later = [];
      for (const n of [4, 5]) later.push(await engine.analyzeUrl(`${server.origin}/p/${n}`));
      for (const path of ['/robots.txt', '/favicon.ico', '/sitemap.xml', UNKNOWN_PATH_PREFIX]) {
        expect(count(path), path).toBe(1);
      }
      expect(count('/llms.txt')).toBe(1);
      const [one, two] = first;
      const finding = (report: typeof one, id: string) =>
        report?.issues.find((issue) => issue.id === id);
      expect(finding(one, 'favicon')).toMatchObject({ severity: 'warning', message: 'No favicon' });
      expect(finding(one, 'sitemap-listing')).toMatchObject({ severity: 'success' });
      expect(finding(two, 'sitemap-listing')).toMatchObject({
        severity: 'warning',
        message: 'The page is not in the sitemap',
      });
      expect(finding(one, 'soft-404')).toMatchObject({
        severity: 'success',
        message: 'No soft 404',
      });
      // An http page: the https check's business, nothing asked.
      expect(finding(later[0], 'https-redirect')).toMatchObject({ outcome: 'not_applicable' });
    } finally {
      await engine.close();
    }
  });

  it('asks again for every page when nothing is kept', async () => {
    unknownStatus = 200;
    const engine = createEngine({
      allowPrivate: true,
      render: false,
      analysisThreads: 0,
      robotsCacheMs: 0,
    });
    try {
      const report = await engine.analyzeUrl(`${server.origin}/p/1`);
      await engine.analyzeUrl(`${server.origin}/p/2`);
      expect(count('/favicon.ico')).toBe(2);
      expect(count(UNKNOWN_PATH_PREFIX)).toBe(2);
      expect(report.issues.find((issue) => issue.id === 'soft-404')).toMatchObject({
        severity: 'warning',
        message: 'The site answers 200 for addresses that do not exist',
      });
    } finally {
      await engine.close();
    }
  });
});

describe('probeUnknownPath', () => {
  const guard = createAddressGuard({ allowPrivate: true });

  it('asks one unlikely path per origin (the same each time) and reports its status', async () => {
    const a = await probeUnknownPath(server.url, { guard });
    const b = await probeUnknownPath(`${server.origin}/other/page`, { guard });
    expect(a.url).toBe(b.url);
    expect(unknownPathOf('https://example.com/')).not.toBe(unknownPathOf('https://example.org/'));
    expect(a.url).toMatch(/\/crawlwise-404-check-[0-9a-f]{16}$/);
    expect(a).toMatchObject({ status: 'answered', httpStatus: 404 });
    expect(a.url.startsWith(`${server.origin}${UNKNOWN_PATH_PREFIX}`)).toBe(true);
  });

  it('never contacts a refused address', async () => {
    const refused = await probeUnknownPath(server.url, {
      guard: createAddressGuard({ allowPrivate: false }),
    });
    expect(refused.status).toBe('unreachable');
    expect(hits).toEqual([]);
  });
});

describe('probeUnknownPath redirects', () => {
  let site: LocalServer;
  const seen: string[] = [];
  beforeAll(async () => {
    site = await startHttpServer((req, res) => {
      seen.push(`${req.headers.host}${req.url}`);
      if (req.url === '/') res.writeHead(200).end('home');
      else res.writeHead(302, { location: '/' }).end();
    });
  });
  afterAll(() => site.close());

  it('follows a redirect to the home page on the same host', async () => {
    const probe = await probeUnknownPath(site.url, {
      guard: createAddressGuard({ allowPrivate: true }),
    });
    expect(probe).toMatchObject({
      status: 'answered',
      httpStatus: 200,
      finalUrl: `${site.origin}/`,
      redirects: 1,
    });
  });
});

describe('origin probes of an https site', () => {
  let plain: LocalServer;
  let secure: LocalServer;
  let ca: string;
  const asked: string[] = [];

  beforeAll(async () => {
    const certificate = await selfSignedCertificate(['shop.test', 'www.shop.test']);
    ca = certificate.cert;
    plain = await startHttpServer((req, res) => {
      asked.push(`http ${req.headers.host?.replace(/:\d+$/, '')}${req.url}`);
      res.writeHead(301, { location: `https://shop.test:${secure.port}${req.url}` }).end();
    });
    secure = await startHttpsServer((req, res) => {
      const host = req.headers.host?.replace(/:\d+$/, '');
      asked.push(`https ${host}${req.url}`);
      if (host !== 'shop.test') {
        res.writeHead(301, { location: `https://shop.test:${secure.port}${req.url}` }).end();
      } else if (req.url === '/favicon.ico') {
        res.writeHead(200, { 'content-type': 'image/x-icon' }).end(Buffer.from([0, 0, 1, 0]));
      } else res.writeHead(404).end();
    }, certificate);
  });
  afterAll(() => Promise.all([plain.close(), secure.close()]));

  it('asks http:// and the www twin once for many pages of the origin', async () => {
    const guard = createAddressGuard({
      allowPrivate: true,
      resolver: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const probes = createOriginProbes({
      guard,
      userAgent: 'test',
      ttlMs: 60_000,
      tls: { ca },
      httpPortOf: () => plain.port,
    });
    const document = (path: string) => {
      const url = `https://shop.test:${secure.port}${path}`;
      return { finalUrl: url, requestedUrl: url } as FetchArtifact;
    };
    const answers = await Promise.all(
      ['/a', '/b', '/c'].map((path) => probes.forPage(document(path))),
    );
    answers.push(await probes.forPage(document('/d')));
    const once = (prefix: string) => asked.filter((hit) => hit === prefix).length;
    expect(once('http shop.test/')).toBe(1);
    expect(once('https www.shop.test/')).toBe(1);
    expect(once('https shop.test/favicon.ico')).toBe(1);
    expect(answers.every((answer) => answer.httpsRedirect === answers[0]!.httpsRedirect)).toBe(
      true,
    );
    expect(answers[0]).toMatchObject({
      favicon: { status: 'image', format: 'ico' },
      httpsRedirect: {
        http: { hops: [{ status: 301 }], finalUrl: `https://shop.test:${secure.port}/` },
        twin: { hops: [{ status: 301 }], finalUrl: `https://shop.test:${secure.port}/` },
      },
      sitemapListing: { status: 'none' },
      unknownPath: { status: 'answered', httpStatus: 404 },
    });
  });
});

describe('origin probes of a failing site', () => {
  it('keeps a 5xx answer and a timeout, so a site in trouble is not asked (or waited for) per page', async () => {
    const asked: string[] = [];
    const failing = await startHttpServer((req, res) => {
      asked.push(req.url?.startsWith(UNKNOWN_PATH_PREFIX) ? UNKNOWN_PATH_PREFIX : (req.url ?? ''));
      // /favicon.ico hangs until the probe's deadline; everything else is a 503.
      if (req.url !== '/favicon.ico') res.writeHead(503).end();
    });
    try {
      const probes = createOriginProbes({
        guard: createAddressGuard({ allowPrivate: true }),
        userAgent: 'test',
        ttlMs: 60_000,
      });
      for (const path of ['/a', '/b']) {
        const url = `${failing.origin}${path}`;
        const answer = await probes.forPage({ finalUrl: url, requestedUrl: url } as FetchArtifact);
        expect(answer.favicon).toMatchObject({ status: 'unreachable' });
        expect(answer.unknownPath).toMatchObject({ status: 'unreachable', httpStatus: 503 });
      }
      expect(asked.filter((path) => path === '/favicon.ico')).toHaveLength(1);
      expect(asked.filter((path) => path === UNKNOWN_PATH_PREFIX)).toHaveLength(1);
    } finally {
      await failing.close();
    }
  });
});
