import { Writable } from 'node:stream';
import type { SiteFindingId } from '@crawlwise/shared/site-findings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSite } from '../../../../bench/site-generator/generate-site.ts';
import type { ExpectedSite, FindingId } from '../../../../bench/site-generator/manifest.ts';
import { type ServedSite, serveSite } from '../../../../bench/site-generator/serve-site.ts';
import { sarifSchemaErrors } from '../test-support/sarif-schema.ts';
import { type CrawlOutcome, crawlCommand, renderCrawl } from './command.ts';
import { parseCrawlArgs } from './crawl-args.ts';
import type { CrawlDocument, CrawlFinding } from './crawl-document.ts';

/**
 * The CLI's crawl of the generated 300-page site (bench/site-generator) against its manifest,
 * which the generator wrote from its own plan: what the crawl requests, what robots.txt keeps
 * it from, each page's depth, inbound links, indexability and sitemap entry, and for every site
 * finding its affected addresses and its details (sources and anchors, final addresses, chains,
 * clusters, sitemap reasons). Everything on 127.0.0.1, no render, no pacing, 4 pages at once.
 */

let served: ServedSite;
let outcome: CrawlOutcome;
let stdout = '';
let stderr = '';

const sink = (append: (text: string) => void) =>
  new Writable({
    write(chunk, _encoding, done) {
      append(String(chunk));
      done();
    },
  });

beforeAll(async () => {
  served = await serveSite(
    generateSite({ pages: 300, seed: 'crawl-tests', origin: 'https://site.test' }),
  );
  // Above every address the manifest says a crawl requests or finds blocked (309 here).
  const args = parseCrawlArgs([
    served.url,
    '--no-render',
    '--per-host-delay=0',
    '--concurrency=4',
    '--max-pages=1000',
    '--allow-private',
    '--json',
  ]);
  expect(args.problems).toEqual([]);
  outcome = await crawlCommand(args, {
    toolVersion: 'test',
    stdout: sink((text) => {
      stdout += text;
    }),
    stderr: sink((text) => {
      stderr += text;
    }) as unknown as NodeJS.WriteStream,
    signal: new AbortController().signal,
    engineOptions: { analysisThreads: 2 },
  });
}, 120_000);

afterAll(async () => {
  await served?.close();
});

const doc = (): CrawlDocument => outcome.document as CrawlDocument;
const expected = (): ExpectedSite => served.expected;
const findingOf = (id: SiteFindingId): CrawlFinding | undefined =>
  doc().findings.find((finding) => finding.id === id);
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();
/** "target ← source" for each linking page of each item. */
const pairs = (id: SiteFindingId) =>
  (findingOf(id)?.items ?? []).flatMap((item) =>
    item.sources.map((source) => `${item.url} ← ${source.url}`),
  );
/** Items grouped by their detail, e.g. the pages of one near-duplicate cluster. */
const groupsByDetail = (id: SiteFindingId, detailKey: (detail: string) => string) => {
  const groups = new Map<string, string[]>();
  for (const item of findingOf(id)?.items ?? []) {
    const key = detailKey(item.detail ?? '');
    groups.set(key, [...(groups.get(key) ?? []), item.url]);
  }
  return sorted([...groups.values()].map((urls) => sorted(urls).join(' + ')));
};

/** What the manifest's sitemap problems read as in the site findings' details. */
const SITEMAP_DETAIL: Record<string, RegExp> = {
  noindex: /^noindex$/,
  canonicalised: /^canonical → /,
  redirect: /^30\d → /,
  'redirect-loop': /^redirect loop$/,
  'not-found': /^404 Not Found$/,
  'server-error': /^5xx server error$/,
  blocked: /^blocked by robots\.txt$/,
};

/**
 * Each finding's details on both sides, as comparable lines: the crawl's (from analyseSite's
 * items) and the manifest's (from its `findings`).
 */
const DETAILS: Record<
  FindingId,
  { crawl: () => string[]; manifest: (e: ExpectedSite) => string[] }
> = {
  'broken-internal-links': {
    crawl: () =>
      (findingOf('broken-internal-links')?.items ?? []).flatMap((item) =>
        item.sources.map((source) => `${item.url} ← ${source.url} "${source.anchor}"`),
      ),
    manifest: (e) =>
      e.findings['broken-internal-links'].flatMap((target) =>
        target.sources.map((source) => `${target.url} ← ${source.url} "${source.anchor}"`),
      ),
  },
  'redirected-internal-links': {
    crawl: () => [
      ...pairs('redirected-internal-links'),
      ...(findingOf('redirected-internal-links')?.items ?? []).map(
        (item) => `${item.url} → ${item.detail?.replace(/^30\d → /, '')}`,
      ),
    ],
    manifest: (e) =>
      e.findings['redirected-internal-links'].flatMap((target) => [
        ...target.sources.map((source) => `${target.url} ← ${source}`),
        `${target.url} → ${target.finalUrl}`,
      ]),
  },
  'redirect-chains': {
    crawl: () =>
      (findingOf('redirect-chains')?.items ?? []).map((item) =>
        item.detail === 'redirects in a loop'
          ? `${item.url} loops`
          : `${item.url} ${item.detail?.replace(/^\d+ hops → /, '→ ')}`,
      ),
    manifest: (e) =>
      e.findings['redirect-chains'].map((chain) =>
        chain.loop ? `${chain.url} loops` : `${chain.url} → ${chain.finalUrl}`,
      ),
  },
  'orphan-pages': {
    crawl: () => (findingOf('orphan-pages')?.items ?? []).map((item) => item.url),
    manifest: (e) => e.findings['orphan-pages'],
  },
  'deep-pages': {
    crawl: () =>
      (findingOf('deep-pages')?.items ?? []).map(
        (item) => `${item.url} ${item.detail?.replace(/ clicks from the start page$/, '')}`,
      ),
    manifest: (e) => e.findings['deep-pages'].map((page) => `${page.url} ${page.depth}`),
  },
  'single-inbound-link': {
    crawl: () => pairs('single-inbound-link'),
    manifest: (e) =>
      e.findings['single-inbound-link'].map((page) => `${page.url} ← ${page.source}`),
  },
  'links-to-noindex': {
    crawl: () => pairs('links-to-noindex'),
    manifest: (e) => e.findings['links-to-noindex'].map((p) => `${p.target} ← ${p.source}`),
  },
  'links-to-canonicalised': {
    crawl: () => [
      ...pairs('links-to-canonicalised'),
      ...(findingOf('links-to-canonicalised')?.items ?? []).map(
        (item) => `${item.url} ${item.detail}`,
      ),
    ],
    manifest: (e) =>
      e.findings['links-to-canonicalised'].flatMap((p) => [
        `${p.target} ← ${p.source}`,
        `${p.target} canonical → ${p.canonical}`,
      ]),
  },
  'nofollow-internal-links': {
    crawl: () => pairs('nofollow-internal-links'),
    manifest: (e) => e.findings['nofollow-internal-links'].map((p) => `${p.target} ← ${p.source}`),
  },
  'canonical-chains': {
    crawl: () =>
      (findingOf('canonical-chains')?.items ?? []).map((item) => `${item.url} ${item.detail}`),
    manifest: (e) =>
      e.findings['canonical-chains'].map(
        (c) => `${c.url} canonical ${c.loop ? 'loop' : 'chain'}: ${c.chain.join(' → ')}`,
      ),
  },
  'canonical-to-error': {
    crawl: () =>
      (findingOf('canonical-to-error')?.items ?? []).map(
        (item) => `${item.url} ${item.detail?.replace(/: .*$/, '')}`,
      ),
    manifest: (e) =>
      e.findings['canonical-to-error'].map((c) => `${c.url} canonical ${c.canonical}`),
  },
  'hreflang-missing-return': {
    crawl: () =>
      (findingOf('hreflang-missing-return')?.items ?? []).map(
        (item) => `${item.url} → ${item.detail?.replace(/ \([^)]*\) does not link back$/, '')}`,
      ),
    manifest: (e) =>
      e.findings['hreflang-missing-return'].map((p) => `${p.source} → ${p.alternate}`),
  },
  'hreflang-missing-x-default': {
    crawl: () => (findingOf('hreflang-missing-x-default')?.items ?? []).map((item) => item.url),
    manifest: (e) => e.findings['hreflang-missing-x-default'],
  },
  'hreflang-to-error': {
    crawl: () => pairs('hreflang-to-error'),
    manifest: (e) => e.findings['hreflang-to-error'].map((p) => `${p.alternate} ← ${p.source}`),
  },
  'near-duplicates': {
    crawl: () => groupsByDetail('near-duplicates', (detail) => detail.replace(/ of .*$/, '')),
    manifest: (e) => e.findings['near-duplicates'].map((cluster) => sorted(cluster).join(' + ')),
  },
  'duplicate-titles': {
    crawl: () => groupsByDetail('duplicate-titles', (detail) => detail),
    manifest: (e) => e.findings['duplicate-titles'].map((group) => sorted(group.urls).join(' + ')),
  },
  'duplicate-descriptions': {
    crawl: () => groupsByDetail('duplicate-descriptions', (detail) => detail),
    manifest: (e) =>
      e.findings['duplicate-descriptions'].map((group) => sorted(group.urls).join(' + ')),
  },
  'sitemap-not-indexable': {
    crawl: () =>
      (findingOf('sitemap-not-indexable')?.items ?? []).map((item) => {
        const problem = Object.entries(SITEMAP_DETAIL).find(([, pattern]) =>
          pattern.test(item.detail ?? ''),
        )?.[0];
        return `${item.url} ${problem ?? item.detail}`;
      }),
    manifest: (e) => e.findings['sitemap-not-indexable'].map((p) => `${p.url} ${p.problem}`),
  },
  'indexable-not-in-sitemap': {
    crawl: () => (findingOf('indexable-not-in-sitemap')?.items ?? []).map((item) => item.url),
    manifest: (e) => e.findings['indexable-not-in-sitemap'],
  },
};

describe('crawlwise crawl on the generated 300-page site', () => {
  it('crawls it and prints the JSON document', () => {
    expect(outcome.code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toEqual(doc());
    expect(doc().totals).toMatchObject({ limitReached: false, stopReason: null, cancelled: 0 });
    expect(doc().sitemap).toMatchObject({ read: true, foundVia: 'robots.txt' });
    expect(doc().siteScore).toEqual(expect.any(Number));
  });

  it('writes every item as a SARIF result, schema-valid, and the readable formats', () => {
    const sarif = JSON.parse(renderCrawl('sarif', doc()));
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    const items = doc().findings.reduce((sum, finding) => sum + finding.items.length, 0);
    expect(sarif.runs[0].results).toHaveLength(items);
    for (const format of ['summary', 'markdown', 'html'] as const) {
      const text = renderCrawl(format, doc());
      for (const finding of doc().findings) expect(text, format).toContain(finding.title);
    }
  });

  it('requests what the manifest says, blocks what robots.txt disallows, and asks for each page once', () => {
    const pages = doc().pages;
    const requested = pages.filter((p) => p.status === 'completed' || p.status === 'failed');
    expect(sorted(requested.map((p) => p.url))).toEqual(expected().crawl.requested);
    expect(sorted(pages.filter((p) => p.status === 'blocked').map((p) => p.url))).toEqual(
      expected().crawl.blocked,
    );
    // Only robots.txt (the engine's cache and the sitemap discovery) and the pages redirects lead
    // to (fetched as pages, and again at the end of each redirect) are asked for more than once.
    const redirectEnds = new Set(
      [
        ...expected().findings['redirected-internal-links'].map((r) => r.finalUrl),
        ...expected().findings['redirect-chains'].flatMap((r) => r.hops),
      ].map((url) => new URL(url).pathname),
    );
    // The sitemap documents are read by the crawl's discovery and once more by the engine's
    // per-origin sitemap-listing probe (kept for the crawl's pages: at most twice in all).
    const sitemapPaths = new Set(doc().sitemap.sitemaps.map((url) => new URL(url).pathname));
    for (const path of sitemapPaths) expect(served.requests.get(path), path).toBeLessThanOrEqual(2);
    const repeated = [...served.requests].filter(([, count]) => count > 1).map(([path]) => path);
    expect(
      repeated.filter(
        (path) => path !== '/robots.txt' && !redirectEnds.has(path) && !sitemapPaths.has(path),
      ),
    ).toEqual([]);
    for (const path of expected().crawl.blocked.map((url) => new URL(url).pathname)) {
      expect(served.requests.get(path), path).toBeUndefined();
    }
  });

  it('gives every page the depth, indexability and sitemap entry of the manifest', () => {
    const pages = new Map(doc().pages.map((page) => [page.url, page]));
    for (const facts of expected().pages) {
      const page = pages.get(facts.url);
      expect(page, facts.url).toBeDefined();
      expect(
        { depth: page?.depth, indexable: page?.indexable, inSitemap: page?.inSitemap },
        facts.url,
      ).toEqual({ depth: facts.depth, indexable: facts.indexable, inSitemap: facts.inSitemap });
    }
  });

  it('counts inbound links as the manifest does', () => {
    // A redirecting address's links are its final page's (site-graph.ts), so a page linked from
    // a page reached through a redirect counts that page once, as the manifest does.
    const pages = new Map(doc().pages.map((page) => [page.url, page]));
    for (const facts of expected().pages) {
      expect(pages.get(facts.url)?.inbound, facts.url).toBe(facts.inbound);
    }
  });

  it.each(Object.keys(DETAILS) as FindingId[])(
    'reports %s for exactly the addresses and details of the manifest',
    (id) => {
      const affected = sorted((findingOf(id)?.items ?? []).map((item) => item.url));
      expect(affected).toEqual(expected().affected[id]);
      expect(sorted(DETAILS[id].crawl())).toEqual(sorted(DETAILS[id].manifest(expected())));
    },
  );
});
