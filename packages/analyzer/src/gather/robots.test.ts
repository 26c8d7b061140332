import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  closedPort,
  type Handler,
  type LocalServer,
  startHttpServer,
} from '../test-support/local-server.ts';
import { createAddressGuard } from './address-guard.ts';
import {
  crawlPermission,
  fetchRobots,
  parseRobotsFile,
  ROBOTS_MAX_BYTES,
  type RobotsFile,
} from './robots.ts';

const guard = createAddressGuard({ allowPrivate: true });
let robotsHandler: Handler;
let server: LocalServer;

beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    if (req.url === '/robots.txt') robotsHandler(req, res);
    else if (req.url === '/moved-robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private');
    } else res.writeHead(404).end();
  });
});
afterAll(() => server.close());
beforeEach(() => {
  robotsHandler = (_req, res) => res.writeHead(404).end();
});

function robotsTxt(body: string | Buffer, headers: Record<string, string> = {}): Handler {
  return (_req, res) => res.writeHead(200, { 'content-type': 'text/plain', ...headers }).end(body);
}

const page = (path: string) => `${server.origin}${path}`;

describe('fetchRobots', () => {
  it('allows a page no rule matches', async () => {
    robotsHandler = robotsTxt('User-agent: *\nDisallow: /admin\n');
    const robots = await fetchRobots(page('/blog/post'), { guard });
    expect(robots).toEqual({
      url: `${server.origin}/robots.txt`,
      status: 'ok',
      allowedForGooglebot: true,
      detail: 'No rule blocks Googlebot.',
      // Every crawler of bot-access, judged from the same file (gather/bots.test.ts).
      bots: expect.arrayContaining([{ bot: 'GPTBot', kind: 'training', allowed: true }]),
    });
  });

  it('blocks by the Googlebot group and names the rule', async () => {
    robotsHandler = robotsTxt(
      '# comment\nUser-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /blog/\n',
    );
    const robots = await fetchRobots(page('/blog/post?id=1'), { guard });
    expect(robots).toMatchObject({ status: 'ok', allowedForGooglebot: false });
    expect(robots.detail).toBe('Blocked for Googlebot by "Disallow: /blog/" (line 6).');
  });

  it('lets the longer Allow win, as Google does', async () => {
    robotsHandler = robotsTxt('User-agent: *\nDisallow: /\nAllow: /public/\n');
    expect((await fetchRobots(page('/public/a'), { guard })).allowedForGooglebot).toBe(true);
    expect((await fetchRobots(page('/secret'), { guard })).allowedForGooglebot).toBe(false);
  });

  it('reads a gzip-encoded robots.txt with a BOM', async () => {
    const body = zlib.gzipSync(Buffer.from('\ufeffUser-agent: *\nDisallow: /\n'));
    robotsHandler = robotsTxt(body, { 'content-encoding': 'gzip' });
    expect((await fetchRobots(page('/'), { guard })).allowedForGooglebot).toBe(false);
  });

  it('follows a redirect', async () => {
    robotsHandler = (_req, res) => res.writeHead(301, { location: '/moved-robots.txt' }).end();
    const robots = await fetchRobots(page('/private/x'), { guard });
    expect(robots).toMatchObject({ status: 'ok', allowedForGooglebot: false });
  });

  it.each([404, 410, 403, 401])('treats HTTP %i as missing (allowed)', async (status) => {
    robotsHandler = (_req, res) => res.writeHead(status).end('<h1>nope</h1>');
    const robots = await fetchRobots(page('/'), { guard });
    expect(robots).toMatchObject({ status: 'missing', allowedForGooglebot: true });
    expect(robots.detail).toContain(`HTTP ${status}`);
  });

  it('treats a redirect loop as missing', async () => {
    robotsHandler = (_req, res) => res.writeHead(302, { location: '/robots.txt' }).end();
    expect(await fetchRobots(page('/'), { guard })).toMatchObject({
      status: 'missing',
      allowedForGooglebot: true,
    });
  });

  it.each([500, 503, 429])('treats HTTP %i as unreachable', async (status) => {
    robotsHandler = (_req, res) => res.writeHead(status).end();
    expect(await fetchRobots(page('/'), { guard })).toMatchObject({
      status: 'unreachable',
      allowedForGooglebot: null,
    });
  });

  it('treats a timeout as unreachable, within its own short deadline', async () => {
    robotsHandler = () => {};
    const started = performance.now();
    const robots = await fetchRobots(page('/'), { guard, timeoutMs: 300 });
    expect(robots).toMatchObject({ status: 'unreachable', allowedForGooglebot: null });
    expect(robots.detail).toContain('did not finish answering');
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('treats a refused connection as unreachable', async () => {
    const port = await closedPort();
    const robots = await fetchRobots(`http://127.0.0.1:${port}/`, { guard });
    expect(robots).toMatchObject({ status: 'unreachable', allowedForGooglebot: null });
  });

  it('reports an HTML page served as robots.txt as unparsable', async () => {
    robotsHandler = (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><html><body>Home');
    const robots = await fetchRobots(page('/'), { guard });
    expect(robots).toMatchObject({ status: 'unparsable', allowedForGooglebot: true });
  });

  it('reads only the first 500 KiB, like Google', async () => {
    const filler = `# ${'x'.repeat(98)}\n`.repeat(Math.ceil(ROBOTS_MAX_BYTES / 100) + 10);
    robotsHandler = robotsTxt(`User-agent: *\nDisallow: /early\n${filler}Disallow: /late\n`);
    expect((await fetchRobots(page('/early'), { guard })).allowedForGooglebot).toBe(false);
    expect((await fetchRobots(page('/late'), { guard })).allowedForGooglebot).toBe(true);
  });

  it('never throws, even for an invalid page URL', async () => {
    expect(await fetchRobots('not a url', { guard })).toMatchObject({
      status: 'unreachable',
      allowedForGooglebot: null,
    });
  });
});

describe('crawlPermission: Crawl-delay', () => {
  const file = (text: string) =>
    parseRobotsFile('https://shop.example/robots.txt', Buffer.from(text));
  const delayOf = (text: string) =>
    crawlPermission(file(text), 'https://shop.example/page').crawlDelaySeconds;

  it("reads our crawler's group, else the * group", () => {
    expect(delayOf('User-agent: *\nCrawl-delay: 4\n')).toBe(4);
    expect(
      delayOf('User-agent: *\nCrawl-delay: 4\n\nUser-agent: CrawlwiseBot\nCrawl-delay: 0.5\n'),
    ).toBe(0.5);
    // Our own group applies whole: it sets no delay, so there is none (the * group's is not ours).
    expect(
      delayOf('User-agent: *\nCrawl-delay: 4\n\nUser-agent: CrawlwiseBot\nAllow: /\n'),
    ).toBeNull();
    // Another crawler's delay is not ours.
    expect(delayOf('User-agent: Googlebot\nCrawl-delay: 9\n')).toBeNull();
  });

  it('is null without rules or with an unreadable value', () => {
    expect(delayOf('User-agent: *\nCrawl-delay: soon\n')).toBeNull();
    expect(delayOf('User-agent: *\nDisallow: /admin\n')).toBeNull();
    const missing: RobotsFile = {
      kind: 'verdict',
      artifact: { url: '', status: 'missing', allowedForGooglebot: true },
    };
    expect(crawlPermission(missing, 'https://shop.example/').crawlDelaySeconds).toBeNull();
  });
});
