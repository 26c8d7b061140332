import type { SiteGraphLink } from '@crawlwise/analyzer/site/site-graph';
import type { SitePageRow } from './site-checks.ts';
import { analyseCrawl, buildSiteReport, type CrawlGraph } from './site-report.ts';
import { storedFormOf } from './site-report-store.ts';

/**
 * Builds and compresses the site report of a small made-up crawl once, when a worker starts, so
 * the first real report it stores does not pay for compiling the report's writer
 * (storedFormOf: its JSON serializer is generated on first use) and for running it, the
 * analysis and deflate cold. Writing and compressing a 10,000-page crawl's report took 180-200 ms
 * in a fresh process's first build against 64-94 ms after this warm-up (three fresh processes
 * each, on a kept bench database; docs/site-checks.md): ~110 ms of the user's wait after a crawl
 * ends. Nothing is read, written or kept.
 */

/** Pages of the made-up crawl: enough for each step to run its loops many times. */
export const WARMUP_PAGES = 300;
const LINKS_PER_PAGE = 12;
const ORPHANS = 8;
const SITE = 'https://warm-up.invalid';

/** Deterministic hex digits for the MinHash fingerprints (64 × 8). */
function fingerprint(seed: number): string {
  let state = seed * 2_654_435_761;
  let text = '';
  for (let part = 0; part < 64; part += 1) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    text += state.toString(16).padStart(8, '0');
  }
  return text;
}

/** The made-up crawl: analysed pages, a few failed ones, links (some to missing pages). */
export function warmUpCrawl(asked = WARMUP_PAGES): { rows: SitePageRow[]; crawl: CrawlGraph } {
  const pages = Math.max(asked, 4 * ORPHANS);
  const key = (index: number) => `${SITE}/page-${index}`;
  const rows: SitePageRow[] = [];
  const links: SiteGraphLink[] = [];
  for (let index = 0; index < pages; index += 1) {
    const failed = index % 37 === 5;
    rows.push({
      reportId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      url: key(index),
      accessToken: `warm-up-${index}`,
      status: failed ? 'failed' : 'completed',
      score: failed ? null : 40 + (index % 60),
      finalUrl: failed ? null : key(index),
      errorCode: failed ? 'http_error_404' : null,
      errorMessage: failed ? 'The page answered 404' : null,
      metaJson: failed
        ? null
        : {
            title: { value: `Page ${index % 90}` },
            metaDescription: { value: `About page ${index % 120}` },
            wordCount: 300,
          },
      issues: null,
      viewFindings: [
        {
          id: 'canonical',
          outcome: 'passed',
          severity: 'success',
          details: { canonical: key(index) },
        },
        {
          id: 'robots-txt',
          outcome: 'passed',
          severity: 'success',
          details: { allowedForGooglebot: true },
        },
      ],
      pageSignals: failed
        ? null
        : {
            finalKey: key(index),
            status: 200,
            redirects: [],
            noindex: index % 41 === 7,
            canonical: key(index),
            hreflang: [],
            fingerprint: fingerprint(index % 150),
            words: 300,
            externalLinks: 2,
          },
      completedAt: null,
    });
    for (let link = 1; link <= LINKS_PER_PAGE; link += 1) {
      links.push({
        source: key(index),
        // The first link of each page goes past the last page (a broken link); none goes to
        // the last ORPHANS pages, which the sitemap lists (orphans).
        target:
          link === 1 ? key(pages + (index % 5)) : key((index * 7 + link * 13) % (pages - ORPHANS)),
        anchor: `Link ${link}`,
        nofollow: link === LINKS_PER_PAGE,
        renderedOnly: false,
      });
    }
  }
  const listed = [...rows.slice(0, pages / 2), ...rows.slice(-ORPHANS)];
  const sitemap = new Set(listed.map((row) => row.url));
  return { rows, crawl: { startKey: key(0), links, sitemap, sitemapRead: true } };
}

/** Runs the report's build and compression on the made-up crawl; returns the ms it took. */
export function warmUpSiteReport(pages = WARMUP_PAGES): number {
  const started = performance.now();
  const { rows, crawl } = warmUpCrawl(pages);
  storedFormOf(buildSiteReport(rows, crawl, analyseCrawl(rows, crawl)));
  return performance.now() - started;
}
