import { ALL_CHECKS } from '@crawlwise/analyzer/checks/index';
import type { AnalysisReport } from '@crawlwise/analyzer/types';
import { REPORT_MAX_STORED_KB, STORED_TEXT_MAX_CHARS } from '@crawlwise/shared/limits';
import { describe, expect, it } from 'vitest';
import { decodeStoredFindings } from '../db/stored-findings.ts';
import { clipStoredText, storedReportJson } from './stored-report-bounds.ts';

const finding = (id: string, details: Record<string, unknown>, message = `About ${id}`) => ({
  id,
  category: 'metadata',
  outcome: 'failed',
  severity: 'warning',
  message,
  why: 'Why.',
  howToFix: 'Fix.',
  details,
  weight: 1,
});

const reportOf = (issues: unknown[], title = 'A title') =>
  ({
    url: 'https://example.com/',
    finalUrl: 'https://example.com/',
    score: 50,
    issues,
    meta_json: { title: { value: title } },
  }) as unknown as AnalysisReport;

describe('clipStoredText', () => {
  it('keeps text up to the limit and says how long a clipped one was', () => {
    expect(clipStoredText('short')).toBe('short');
    const long = 'x'.repeat(4_000_000);
    const clipped = clipStoredText(long);
    expect(clipped.length).toBeLessThan(STORED_TEXT_MAX_CHARS + 60);
    expect(clipped.endsWith('… (4,000,000 characters, clipped)')).toBe(true);
  });

  it('never ends on half an emoji', () => {
    const text = `${'a'.repeat(STORED_TEXT_MAX_CHARS - 1)}😀😀`;
    expect(clipStoredText(text)).toMatch(/a… \(/);
  });
});

/** The report as it is stored. */
const boundForStorage = (report: AnalysisReport) => storedReportJson(report).report;

describe('storedReportJson', () => {
  it('clips page text everywhere in the report: messages, details and meta', () => {
    const title = 'T'.repeat(4 * 1024 * 1024);
    const bounded = boundForStorage(
      reportOf(
        [finding('title', { value: title, nested: [{ quote: title }] }, `Title: ${title}`)],
        title,
      ),
    );
    const size = Buffer.byteLength(JSON.stringify(bounded));
    expect(size).toBeLessThan(20 * 1024);
    expect(JSON.stringify(bounded)).toContain('characters, clipped');
  });

  it('leaves out the largest details past the stored size, keeping every finding', () => {
    const many = Array.from({ length: 4_000 }, (_, i) => `item ${i} ${'y'.repeat(500)}`);
    const issues = [finding('big', { items: many }), finding('small', { n: 1 })];
    const bounded = boundForStorage(reportOf(issues));
    expect(Buffer.byteLength(JSON.stringify(bounded))).toBeLessThanOrEqual(
      REPORT_MAX_STORED_KB * 1024,
    );
    expect(bounded.issues.map((issue) => issue.id)).toEqual(['big', 'small']);
    expect(bounded.issues[0]?.details).toMatchObject({
      omitted: expect.stringMatching(/too large to keep/),
    });
    expect(bounded.issues[1]?.details).toEqual({ n: 1 });
  });

  it('changes nothing in an ordinary report', () => {
    const report = reportOf([finding('title', { value: 'Fine' })]);
    expect(boundForStorage(report)).toEqual(report);
  });

  it('copies only what it clips: the report given stays as it was', () => {
    const title = 'T'.repeat(STORED_TEXT_MAX_CHARS + 10);
    const report = reportOf([
      finding('title', { value: title }),
      finding('links', { items: ['a', 'b'] }),
    ]);
    const before = JSON.stringify(report);
    const bounded = boundForStorage(report);
    expect(JSON.stringify(report)).toBe(before);
    expect(bounded.issues[0]).not.toBe(report.issues[0]);
    expect(JSON.stringify(bounded.issues[0])).toContain('characters, clipped');
    // The finding with nothing to clip is the same object, not a copy.
    expect(bounded.issues[1]).toBe(report.issues[1]);
  });

  it('gives the JSON of the stored columns, serialised from the bounded report', () => {
    const title = 'T'.repeat(STORED_TEXT_MAX_CHARS + 10);
    const report = {
      ...reportOf([finding('title', { value: title })], title),
      categories: [{ id: 'metadata', score: 50 }],
    } as unknown as AnalysisReport;
    const stored = storedReportJson(report);
    expect(stored.issues).toBe(JSON.stringify(stored.report.issues));
    expect(stored.metaJson).toBe(JSON.stringify(stored.report.meta_json));
    expect(stored.categories).toBe(JSON.stringify(report.categories));
    expect(stored.issues).toContain('characters, clipped');
    expect(stored.metaJson).toContain('characters, clipped');

    const many = Array.from({ length: 4_000 }, (_, i) => `item ${i} ${'y'.repeat(500)}`);
    const big = storedReportJson(reportOf([finding('big', { items: many })]));
    expect(big.issues).toBe(JSON.stringify(big.report.issues));
    expect(big.issues).toContain('too large to keep');
    expect(Buffer.byteLength(big.issues)).toBeLessThanOrEqual(REPORT_MAX_STORED_KB * 1024);
  });

  it("stores each finding without the why that is its check's own", () => {
    const own = ALL_CHECKS.find(({ meta }) => meta.id === 'title')!.meta.why;
    const stored = storedReportJson(
      reportOf([{ ...finding('title', { value: 'Fine' }), why: own }, finding('other', {})]),
    );
    const [title, other] = JSON.parse(stored.issues) as Array<Record<string, unknown>>;
    expect(title).not.toHaveProperty('why');
    expect(other?.why).toBe('Why.');
    expect(decodeStoredFindings(stored.issues)[0]?.why).toBe(own);
  });
});
