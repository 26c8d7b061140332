import { describe, expect, it } from 'vitest';
import { comparableUrl } from '../checks/canonical.ts';
import type { AnalysisReport } from '../types.ts';
import { canonicalElsewhere } from './site-view.ts';

/** The first implementation (every pair parsed again), frozen as the reference. */
function referenceCanonicalElsewhere(page: string, declared: readonly string[]): string | null {
  const sameAddress = (a: string, b: string) => {
    try {
      return comparableUrl(new URL(a)) === comparableUrl(new URL(b));
    } catch {
      return a === b;
    }
  };
  let withoutQuery = page;
  try {
    const url = new URL(page);
    url.search = '';
    withoutQuery = url.href;
  } catch {}
  return (
    declared.find(
      (canonical) => !sameAddress(canonical, page) && !sameAddress(canonical, withoutQuery),
    ) ?? null
  );
}

const reportOf = (finalUrl: string, details: Record<string, unknown>) =>
  ({
    finalUrl,
    issues: [{ id: 'canonical', details }],
  }) as unknown as AnalysisReport;

const PAGES = [
  'https://example.com/a',
  'https://example.com/a/',
  'https://Example.com:443/a?utm_source=x',
  'https://example.com/a?',
  'https://example.com/a#top',
  'https://example.com/',
  'not a url',
];
const CANONICALS = [
  ...PAGES,
  'https://example.com/a?page=2',
  'https://example.com/b',
  'https://example.com/a//',
  'http://example.com/a',
  '/a',
  '',
];

describe('canonicalElsewhere', () => {
  it('answers as the first implementation for every page and declared canonicals', () => {
    let cases = 0;
    for (const page of PAGES) {
      for (const first of CANONICALS) {
        expect(canonicalElsewhere(reportOf(page, { canonical: first }))).toBe(
          referenceCanonicalElsewhere(page, [first]),
        );
        for (const second of CANONICALS) {
          expect(canonicalElsewhere(reportOf(page, { canonicals: [first, second] }))).toBe(
            referenceCanonicalElsewhere(page, [first, second]),
          );
          cases += 1;
        }
      }
    }
    expect(cases).toBe(PAGES.length * CANONICALS.length ** 2);
  });

  it('names the first canonical elsewhere, and none for the page itself', () => {
    const page = 'https://example.com/a?utm_source=x';
    expect(canonicalElsewhere(reportOf(page, { canonical: 'https://example.com/a' }))).toBeNull();
    expect(
      canonicalElsewhere(reportOf(page, { canonical: 'https://example.com/a/#x' })),
    ).toBeNull();
    expect(
      canonicalElsewhere(
        reportOf(page, { canonicals: ['https://example.com/a', 'https://example.com/b'] }),
      ),
    ).toBe('https://example.com/b');
    expect(canonicalElsewhere(reportOf(page, {}))).toBeNull();
  });
});
