import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startHttpServer } from '../test-support/local-server.ts';
import { createAddressGuard } from './address-guard.ts';
import { fetchRobots, parseRobotsFile, type RobotsFile, readRobots } from './robots.ts';
import { createRobotsCache } from './robots-cache.ts';

const RULES = 'User-agent: *\nDisallow: /private\n';
const rules = (origin: string): RobotsFile =>
  parseRobotsFile(`${origin}/robots.txt`, Buffer.from(RULES));

/** A cache over a fake reader that counts reads per robots URL and answers what it is told. */
function counted(answer: (pageUrl: string) => RobotsFile | Promise<RobotsFile>) {
  const reads: string[] = [];
  let clock = 1_000;
  const cache = createRobotsCache({
    read: async (pageUrl) => {
      reads.push(new URL(pageUrl).origin);
      return answer(pageUrl);
    },
    ttlMs: 60_000,
    maxEntries: 2,
    now: () => clock,
  });
  return {
    cache,
    reads,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('robots cache', () => {
  it('reads an origin once and judges every page on its own', async () => {
    const { cache, reads } = counted((url) => rules(new URL(url).origin));
    const open = await cache.robotsFor('https://a.test/blog');
    const closed = await cache.robotsFor('https://a.test/private/x');
    expect(open).toMatchObject({ status: 'ok', allowedForGooglebot: true });
    expect(closed).toMatchObject({ status: 'ok', allowedForGooglebot: false });
    expect(closed.detail).toContain('Disallow: /private');
    expect(reads).toEqual(['https://a.test']);
  });

  it('shares one read between concurrent analyses of an origin', async () => {
    const { cache, reads } = counted(
      (url) => new Promise((resolve) => setTimeout(() => resolve(rules(new URL(url).origin)), 20)),
    );
    await Promise.all(['/1', '/2', '/3'].map((path) => cache.robotsFor(`https://a.test${path}`)));
    expect(reads).toHaveLength(1);
  });

  it('reads again after the time to live, and per origin (scheme and port count)', async () => {
    const { cache, reads, advance } = counted((url) => rules(new URL(url).origin));
    await cache.robotsFor('https://a.test/');
    await cache.robotsFor('http://a.test/');
    advance(59_000);
    await cache.robotsFor('https://a.test/x');
    advance(2_000);
    await cache.robotsFor('https://a.test/y');
    expect(reads).toEqual(['https://a.test', 'http://a.test', 'https://a.test']);
  });

  it('keeps missing and unparsable files but not unreachable ones', async () => {
    const verdict = (status: 'missing' | 'unreachable'): RobotsFile => ({
      kind: 'verdict',
      artifact: { url: 'x', status, allowedForGooglebot: status === 'missing' ? true : null },
    });
    const { cache, reads } = counted((url) =>
      verdict(url.includes('down') ? 'unreachable' : 'missing'),
    );
    await cache.robotsFor('https://gone.test/a');
    await cache.robotsFor('https://gone.test/b');
    await cache.robotsFor('https://down.test/a');
    await cache.robotsFor('https://down.test/b');
    expect(reads).toEqual(['https://gone.test', 'https://down.test', 'https://down.test']);
  });

  it('hands out copies of a kept verdict', async () => {
    const { cache } = counted(() => ({
      kind: 'verdict',
      artifact: { url: 'x', status: 'missing', allowedForGooglebot: true },
    }));
    const first = await cache.robotsFor('https://a.test/');
    first.allowedForGooglebot = false;
    expect((await cache.robotsFor('https://a.test/')).allowedForGooglebot).toBe(true);
  });

  it('keeps at most maxEntries origins, dropping the oldest', async () => {
    const { cache, reads } = counted((url) => rules(new URL(url).origin));
    for (const host of ['a', 'b', 'c', 'a']) await cache.robotsFor(`https://${host}.test/`);
    expect(cache.size).toBe(2);
    expect(reads).toEqual(['https://a.test', 'https://b.test', 'https://c.test', 'https://a.test']);
  });

  it('does not keep anything with a time to live of 0, nor for invalid page URLs', async () => {
    let reads = 0;
    const cache = createRobotsCache({
      read: async (url) => {
        reads++;
        return rules(new URL(url).origin);
      },
      ttlMs: 0,
    });
    await cache.robotsFor('https://a.test/');
    await cache.robotsFor('https://a.test/');
    expect(reads).toBe(2);
    expect(cache.size).toBe(0);
  });
});

describe('robots cache over HTTP', () => {
  let server: LocalServer;
  let hits = 0;
  beforeAll(async () => {
    server = await startHttpServer((req, res) => {
      if (req.url !== '/robots.txt') return void res.writeHead(404).end();
      hits++;
      res.writeHead(200, { 'content-type': 'text/plain' }).end(RULES);
    });
  });
  afterAll(() => server.close());

  it('gives the same artifacts as fetching robots.txt for every page', async () => {
    const guard = createAddressGuard({ allowPrivate: true });
    const cache = createRobotsCache({ read: (url) => readRobots(url, { guard }) });
    for (const path of ['/', '/private/a', '/public#x', '/private?x=1']) {
      const url = `${server.origin}${path}`;
      expect(await cache.robotsFor(url)).toEqual(await fetchRobots(url, { guard }));
    }
    // 4 direct fetches, 1 for the cache.
    expect(hits).toBe(5);
    expect(await cache.robotsFor('not a url')).toEqual(await fetchRobots('not a url', { guard }));
  });
});
