import type { PageSignals, SiteFindingId } from '@crawlwise/shared/site-findings';
import { describe, expect, it } from 'vitest';
import { minHash } from '../crawl/minhash.ts';
import { analyseSite } from './site-findings.ts';
import type { SiteGraphInput, SiteGraphLink, SiteGraphPage } from './site-graph.ts';

const S = 'https://s.test';
const u = (path: string) => `${S}${path}`;

function signals(path: string, overrides: Partial<PageSignals> = {}): PageSignals {
  return {
    finalKey: u(path),
    status: 200,
    redirects: [],
    noindex: false,
    canonical: u(path),
    hreflang: [],
    fingerprint: null,
    words: 300,
    externalLinks: 0,
    ...overrides,
  };
}

function page(path: string, overrides: Partial<SiteGraphPage> = {}): SiteGraphPage {
  return {
    key: u(path),
    state: 'completed',
    errorCode: null,
    signals: signals(path),
    title: `Title ${path}`,
    description: `Description ${path}`,
    inSitemap: true,
    score: 90,
    ...overrides,
  };
}

const link = (from: string, to: string, extra: Partial<SiteGraphLink> = {}): SiteGraphLink => ({
  source: u(from),
  target: u(to),
  anchor: `to ${to}`,
  nofollow: false,
  renderedOnly: false,
  ...extra,
});

/** Every item's address per finding, the shape the assertions read. */
function affected(input: SiteGraphInput): Partial<Record<SiteFindingId, string[]>> {
  const out: Partial<Record<SiteFindingId, string[]>> = {};
  for (const finding of analyseSite(input).findings) {
    out[finding.id] = finding.items.map((item) => item.url.replace(S, ''));
  }
  return out;
}

const words = (seed: number) =>
  Array.from({ length: 200 }, (_, i) => `w${(i * 7919 + seed * 104729) % 10007}`);

describe('the site findings of a crawl', () => {
  it('find nothing on a healthy, well-linked site and score it as its pages', () => {
    const input: SiteGraphInput = {
      startKey: u('/'),
      sitemapRead: true,
      pages: [page('/'), page('/a'), page('/b')],
      links: [
        link('/', '/a'),
        link('/', '/b'),
        link('/a', '/b'),
        link('/b', '/a'),
        link('/a', '/'),
      ],
    };
    const analysis = analyseSite(input);
    expect(analysis.findings).toEqual([]);
    expect(analysis.score).toMatchObject({ value: 90, base: 90 });
    expect(analysis.pages.get(u('/b'))).toEqual({
      depth: 1,
      inbound: 2,
      linkScore: expect.any(Number),
      indexable: true,
    });
  });

  it('find each problem between pages, with its pages', () => {
    const dup = words(1);
    const nearDup = [...dup.slice(0, 150), 'changed', ...dup.slice(151)];
    const input: SiteGraphInput = {
      startKey: u('/'),
      sitemapRead: true,
      pages: [
        page('/'),
        page('/a'),
        page('/gone', { state: 'failed', errorCode: 'http_error_404', signals: null, score: null }),
        page('/pdf', {
          state: 'failed',
          errorCode: 'invalid_content_type',
          signals: null,
          inSitemap: false,
        }),
        page('/moved', {
          signals: signals('/new', { redirects: [{ key: u('/moved'), status: 301 }] }),
        }),
        page('/chain', {
          signals: signals('/new', {
            redirects: [
              { key: u('/chain'), status: 301 },
              { key: u('/moved'), status: 301 },
            ],
          }),
          inSitemap: false,
        }),
        page('/new', { inSitemap: false }),
        page('/loop', {
          state: 'failed',
          errorCode: 'redirect_loop',
          signals: null,
          inSitemap: false,
        }),
        page('/orphan'),
        page('/d1'),
        page('/d2'),
        page('/d3'),
        page('/d4'),
        page('/noindex', { signals: signals('/noindex', { noindex: true }) }),
        page('/canon', { signals: signals('/canon', { canonical: u('/canon2') }) }),
        page('/canon2', { signals: signals('/canon2', { canonical: u('/a') }), inSitemap: false }),
        page('/canon-gone', {
          signals: signals('/canon-gone', { canonical: u('/gone') }),
          inSitemap: false,
        }),
        page('/en', {
          signals: signals('/en', {
            hreflang: [
              { lang: 'en', key: u('/en') },
              { lang: 'fr', key: u('/fr') },
              { lang: 'de', key: u('/gone') },
              { lang: 'x-default', key: u('/en') },
            ],
          }),
        }),
        page('/fr', { signals: signals('/fr', { hreflang: [{ lang: 'fr', key: u('/fr') }] }) }),
        page('/dup1', { signals: signals('/dup1', { fingerprint: minHash(dup) }), title: 'Same' }),
        page('/dup2', {
          signals: signals('/dup2', { fingerprint: minHash(nearDup) }),
          title: 'same ',
        }),
        page('/blocked', { state: 'blocked', signals: null, score: null }),
        page('/unlisted', { inSitemap: false }),
      ],
      links: [
        link('/', '/a'),
        link('/', '/d1'),
        link('/', '/en'),
        link('/', '/fr'),
        link('/', '/dup1'),
        link('/', '/dup2'),
        link('/', '/noindex'),
        link('/', '/canon'),
        link('/', '/canon-gone'),
        link('/', '/unlisted'),
        link('/', '/loop'),
        link('/a', '/gone', { anchor: 'Old page' }),
        link('/d1', '/gone', { anchor: 'Gone' }),
        link('/a', '/pdf'),
        link('/a', '/moved'),
        link('/a', '/chain'),
        link('/a', '/canon2'),
        link('/d1', '/d2'),
        link('/d2', '/d3'),
        link('/d3', '/d4'),
        link('/a', '/', { nofollow: true }),
        link('/a', '/a'),
        link('/d1', '/en'),
        link('/d1', '/fr'),
        link('/d1', '/dup1'),
        link('/d1', '/dup2'),
        link('/d1', '/noindex'),
        link('/d1', '/canon'),
        link('/d1', '/canon-gone'),
        link('/d1', '/unlisted'),
        link('/d1', '/a'),
        link('/d2', '/d1'),
        link('/d3', '/d1'),
        link('/d4', '/d1'),
        link('/d1', '/blocked'),
        link('/a', '/blocked'),
        link('/a', '/canon'),
      ],
    };
    expect(affected(input)).toEqual({
      'broken-internal-links': ['/gone', '/loop'],
      'canonical-to-error': ['/canon-gone'],
      'hreflang-to-error': ['/gone'],
      'redirected-internal-links': ['/moved', '/chain'],
      'redirect-chains': ['/chain', '/loop'],
      'orphan-pages': ['/orphan'],
      'deep-pages': ['/d4'],
      // Redirects are not pages; /new is reached only through them (no link of its own).
      'single-inbound-link': ['/d2', '/d3', '/d4', '/canon2'],
      'links-to-noindex': ['/noindex'],
      'links-to-canonicalised': ['/canon', '/canon2', '/canon-gone'],
      'nofollow-internal-links': ['/'],
      'canonical-chains': ['/canon'],
      'hreflang-missing-return': ['/en'],
      'hreflang-missing-x-default': ['/fr'],
      'near-duplicates': ['/dup1', '/dup2'],
      'duplicate-titles': ['/dup1', '/dup2'],
      'sitemap-not-indexable': ['/gone', '/moved', '/noindex', '/canon', '/blocked'],
      'indexable-not-in-sitemap': ['/new', '/unlisted'],
    });
    const analysis = analyseSite(input);
    const broken = analysis.findings.find((f) => f.id === 'broken-internal-links')!;
    expect(broken.items[0]).toEqual({
      url: u('/gone'),
      detail: '404 Not Found',
      sources: [
        { url: u('/a'), anchor: 'Old page' },
        { url: u('/d1'), anchor: 'Gone' },
      ],
    });
    // Critical findings come first.
    expect(analysis.findings.slice(0, 3).map((f) => f.severity)).toEqual([
      'critical',
      'critical',
      'critical',
    ]);
    expect(analysis.pages.get(u('/d4'))?.depth).toBe(4);
    // The redirect's final page is reached at the redirect's depth: no extra click.
    expect(analysis.pages.get(u('/new'))?.depth).toBe(2);
    expect(analysis.pages.get(u('/orphan'))).toMatchObject({ depth: null, inbound: 0 });
    expect(analysis.score.value).toBeLessThan(analysis.score.base!);
  });

  it('find canonical loops and leave sitemap findings out without a sitemap', () => {
    const input: SiteGraphInput = {
      startKey: u('/'),
      sitemapRead: false,
      pages: [
        page('/', { inSitemap: false }),
        page('/x', { inSitemap: false, signals: signals('/x', { canonical: u('/y') }) }),
        page('/y', { inSitemap: false, signals: signals('/y', { canonical: u('/x') }) }),
      ],
      links: [link('/', '/x'), link('/', '/y'), link('/x', '/y'), link('/y', '/x')],
    };
    const analysis = analyseSite(input);
    const chains = analysis.findings.find((f) => f.id === 'canonical-chains')!;
    expect(chains.items.map((item) => item.detail)).toEqual([
      `canonical loop: ${u('/x')} → ${u('/y')} → ${u('/x')}`,
      `canonical loop: ${u('/y')} → ${u('/x')} → ${u('/y')}`,
    ]);
    expect(analysis.findings.map((f) => f.id)).not.toContain('indexable-not-in-sitemap');
    expect(analysis.findings.map((f) => f.id)).not.toContain('orphan-pages');
  });

  it('score links by PageRank: the most linked page 100, unlinked pages lowest', () => {
    const input: SiteGraphInput = {
      startKey: u('/'),
      sitemapRead: false,
      pages: ['/', '/hub', '/a', '/b', '/c', '/lonely'].map((path) => page(path)),
      links: [
        link('/', '/hub'),
        link('/a', '/hub'),
        link('/b', '/hub'),
        link('/c', '/hub'),
        link('/hub', '/a'),
        link('/hub', '/b'),
        link('/hub', '/c'),
        link('/hub', '/'),
        link('/', '/lonely', { nofollow: true }),
      ],
    };
    const { pages } = analyseSite(input);
    const score = (path: string) => pages.get(u(path))!.linkScore!;
    expect(score('/hub')).toBe(100);
    expect(score('/a')).toBeLessThan(100);
    expect(score('/a')).toBe(score('/b'));
    // A nofollow link passes nothing: the page gets only the random-jump share.
    expect(score('/lonely')).toBeLessThan(score('/a'));
  });
});
