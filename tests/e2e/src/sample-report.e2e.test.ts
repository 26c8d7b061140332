import { analyzeArtifacts } from '@crawlwise/analyzer/analyze-artifacts';
import { describe, expect, it } from 'vitest';
import { SAMPLE_REPORT } from '../../../apps/web/app/features/marketing/sample-report.ts';
import { SAMPLE_PAGE_HTML as html } from './fixtures/sample-page.ts';

/**
 * The home page's sample report is a real one: the analyzer's checks and score model, run on the
 * fixture page, produce exactly the figures the page shows. The fetch record is that of a small
 * site over HTTPS (no network here: the analysis half of the analyzer is pure), and the render is
 * the page itself, as a browser renders a page without scripts.
 */

const PAGE_URL = SAMPLE_REPORT.address;

function analyzeSample() {
  return analyzeArtifacts({
    fetch: {
      requestedUrl: PAGE_URL,
      finalUrl: PAGE_URL,
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br' },
      redirects: [],
      ttfbMs: 180,
      totalMs: 420,
      tls: { valid: true, protocol: 'TLSv1.3' },
      rawBytes: 1900,
      decodedBytes: Buffer.byteLength(html),
      contentEncoding: 'br',
      acceptEncoding: 'gzip, deflate, br',
      contentType: 'text/html',
      charset: 'utf-8',
      byteOrderMark: false,
      html,
      fetchedAt: '2026-11-20T09:00:00.000Z',
    },
    robots: { url: `${PAGE_URL}robots.txt`, status: 'ok', allowedForGooglebot: true },
    render: { status: 'rendered', html, durationMs: 300 },
    llmsTxt: { url: `${PAGE_URL}llms.txt`, status: 'missing', httpStatus: 404 },
  });
}

describe('the sample report on the home page', () => {
  const report = analyzeSample();

  it('shows the score and category scores the analyzer computes for the sample page', () => {
    expect(SAMPLE_REPORT.score).toBe(report.score);
    expect(SAMPLE_REPORT.categories.map(({ id, score }) => ({ id, score }))).toEqual(
      report.categories.map(({ id, score }) => ({ id, score })),
    );
    expect(SAMPLE_REPORT.checkCount).toBe(report.issues.length);
  });

  it('lists the issues the analyzer finds, in its order, with their points', () => {
    const issues = report.issues
      .filter((issue) => issue.outcome === 'failed' && issue.severity !== 'success')
      .map(({ id, severity, message, points }) => ({ check: id, severity, message, points }));
    expect(SAMPLE_REPORT.issues).toEqual(issues);
  });
});
