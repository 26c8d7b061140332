import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type GeneratedSite, generateSite } from './generate-site.ts';
import type { FindingId } from './manifest.ts';
import { SITEMAP_CHUNK } from './render-files.ts';

const ORIGIN = 'http://127.0.0.1:8080';

/** One digest over every path, status, header and body, in map order. */
function digest(site: GeneratedSite): string {
  const hash = createHash('sha256');
  for (const [path, response] of site.responses) {
    hash.update(`${path}\n${response.status}\n${JSON.stringify(response.headers)}\n`);
    hash.update(response.body);
  }
  hash.update(JSON.stringify(site.expected));
  return hash.digest('hex');
}

const htmlPages = (site: GeneratedSite) =>
  [...site.responses.values()].filter(
    (r) => r.status === 200 && r.headers['content-type']!.startsWith('text/html'),
  ).length;

/** What the manifest says the sitemap lists: requested entries, and the blocked ones. */
const sitemapEntries = (site: GeneratedSite) =>
  [
    ...site.expected.pages.filter((p) => p.inSitemap).map((p) => p.url),
    ...site.expected.findings['sitemap-not-indexable']
      .filter((x) => x.problem === 'blocked')
      .map((x) => x.url),
  ].sort();

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('generateSite', () => {
  it('gives the same bytes for the same seed and other bytes for another', () => {
    const first = generateSite({ pages: 300, seed: 'determinism', origin: ORIGIN });
    const again = generateSite({ pages: 300, seed: 'determinism', origin: ORIGIN });
    const other = generateSite({ pages: 300, seed: 'determinism-2', origin: ORIGIN });
    expect(digest(again)).toBe(digest(first));
    expect(digest(other)).not.toBe(digest(first));
  });

  it('makes exactly the asked number of HTML pages answering 200, at both sizes', () => {
    expect(htmlPages(generateSite({ pages: 300, seed: 1, origin: ORIGIN }))).toBe(300);
    expect(htmlPages(generateSite({ pages: 457, seed: 2, origin: ORIGIN }))).toBe(457);
  });

  it('refuses a size too small to plant every problem', () => {
    expect(() => generateSite({ pages: 50, seed: 1, origin: ORIGIN })).toThrow(RangeError);
  });

  it('writes absolute addresses on the origin it is given, without a trailing slash', () => {
    const site = generateSite({ pages: 300, seed: 'origin', origin: 'http://127.0.0.1:9/' });
    expect(site.expected.startUrl).toBe('http://127.0.0.1:9/');
    expect(site.responses.get('/robots.txt')!.body).toContain(
      'Sitemap: http://127.0.0.1:9/sitemap.xml',
    );
    expect(site.responses.get('/')!.body).toContain(
      '<link rel="canonical" href="http://127.0.0.1:9/">',
    );
  });

  it('has a robots.txt disallowing the account area and a single sitemap at 300 pages', () => {
    const site = generateSite({ pages: 300, seed: 'files', origin: ORIGIN });
    expect(site.responses.get('/robots.txt')!.body).toMatch(
      /^User-agent: \*\nDisallow: \/account\/$/m,
    );
    const sitemap = site.responses.get('/sitemap.xml')!.body;
    expect(sitemap).toContain('<urlset');
    expect(site.expected.sitemaps).toEqual([`${ORIGIN}/sitemap.xml`]);
    expect(locs(sitemap).sort()).toEqual(sitemapEntries(site));
  });

  // One site of the benchmark's size: generated within a few seconds of CPU, held as strings,
  // its sitemap split into an index, and every finding present as at 300 pages.
  describe('at 10,000 pages', () => {
    const cpuBefore = process.cpuUsage();
    const site = generateSite({ pages: 10_000, seed: 'benchmark', origin: ORIGIN });
    const cpu = process.cpuUsage(cpuBefore);

    it('takes a few seconds of CPU at most and keeps bodies of a few dozen MB', () => {
      expect((cpu.user + cpu.system) / 1000).toBeLessThan(6_000);
      let chars = 0;
      for (const response of site.responses.values()) chars += response.body.length;
      expect(chars).toBeLessThan(120_000_000);
      expect(htmlPages(site)).toBe(10_000);
    });

    it('splits the sitemap into an index of child sitemaps', () => {
      const index = site.responses.get('/sitemap.xml')!.body;
      expect(index).toContain('<sitemapindex');
      const children = locs(index);
      expect(children.length).toBeGreaterThan(1);
      expect(site.expected.sitemaps).toEqual([`${ORIGIN}/sitemap.xml`, ...children]);
      const entries = children.flatMap((child) => {
        const xml = site.responses.get(new URL(child).pathname)!.body;
        expect(locs(xml).length).toBeLessThanOrEqual(SITEMAP_CHUNK);
        return locs(xml);
      });
      expect(entries.sort()).toEqual(sitemapEntries(site));
    });

    it('carries every finding, scaled up from the 300-page site', () => {
      const small = generateSite({ pages: 300, seed: 'benchmark', origin: ORIGIN });
      for (const id of Object.keys(site.expected.affected) as FindingId[]) {
        expect(site.expected.affected[id].length, id).toBeGreaterThan(0);
        expect(site.expected.affected[id].length, id).toBeGreaterThanOrEqual(
          small.expected.affected[id].length,
        );
      }
      const brokenSources = new Set(
        site.expected.findings['broken-internal-links'].flatMap((x) => x.sources.map((s) => s.url)),
      );
      // About 1% of the pages link to a broken page.
      expect(brokenSources.size / 10_000).toBeGreaterThan(0.005);
      expect(brokenSources.size / 10_000).toBeLessThan(0.02);
    });

    it('reaches click depth 8 and no deeper', () => {
      const depths = site.expected.pages.flatMap((p) => (p.depth === null ? [] : [p.depth]));
      expect(Math.max(...depths)).toBe(8);
    });
  });
});
