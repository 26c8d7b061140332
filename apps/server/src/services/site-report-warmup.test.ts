import { siteReportSchema } from '@crawlwise/shared/api/site-checks';
import { describe, expect, it } from 'vitest';
import { inflateFragment } from './gzip-splice.ts';
import { analyseCrawl, buildSiteReport } from './site-report.ts';
import { storedFormOf } from './site-report-store.ts';
import { WARMUP_PAGES, warmUpCrawl, warmUpSiteReport } from './site-report-warmup.ts';

describe('the site report warm-up', () => {
  it('runs the whole build on a made-up crawl: every kind of input the real one meets', () => {
    const { rows, crawl } = warmUpCrawl();
    const report = buildSiteReport(rows, crawl, analyseCrawl(rows, crawl));
    const stored = JSON.parse(inflateFragment(storedFormOf(report)));
    // Stored exactly as a real report is (the route sends it as it is).
    expect(siteReportSchema.parse(stored)).toEqual(stored);
    const failed = rows.filter((row) => row.status === 'failed').length;
    expect(failed).toBeGreaterThan(0);
    expect(stored.pagesAnalysed).toBe(WARMUP_PAGES - failed);
    expect(stored.pagesFailed).toBe(failed);
    // The site findings' paths ran, not only the page list.
    const found = stored.crawl.findings.map((finding: { id: string }) => finding.id);
    expect(found).toEqual(
      expect.arrayContaining([
        'broken-internal-links',
        'orphan-pages',
        'links-to-noindex',
        'nofollow-internal-links',
        'near-duplicates',
        'duplicate-titles',
      ]),
    );
  });

  it('says how long it took', () => {
    const ms = warmUpSiteReport(50);
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThan(10_000);
  });
});
