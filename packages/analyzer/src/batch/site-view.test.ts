import { describe, expect, it } from 'vitest';
import { comparableUrl } from '../checks/canonical.ts';
import type { AnalysisReport } from '../types.ts';
import { canonicalElsewhere, duplicateGroups } from './site-view.ts';

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

describe('duplicateGroups', () => {
  /** The first rule, frozen as the reference: whitespace runs as one space, trimmed, lower case. */
  const reference = (value: string) => value.replace(/\s+/g, ' ').trim().toLowerCase();
  const VALUES = [
    'Blue Shoes',
    'blue shoes',
    ' Blue Shoes',
    'Blue Shoes ',
    'Blue  Shoes',
    'Blue\tShoes',
    'Blue\u00a0Shoes',
    'Blue \nShoes',
    '\u3000Blue Shoes\u2028',
    'Blue Shoes\ufeff',
    'Red Shoes',
    'red  shoes ',
    ' ',
    '\t',
    '',
    'Ä Öl',
    'ä öl',
  ];

  it('groups the values the reference rule calls equal, and only those', () => {
    const entries = VALUES.map((value, i) => ({ url: `https://example.com/${i}`, value }));
    const expected = new Map<string, string[]>();
    entries.forEach(({ url, value }) => {
      const key = reference(value);
      if (key !== '') expected.set(key, [...(expected.get(key) ?? []), url]);
    });
    const groups = duplicateGroups([...entries, { url: 'https://example.com/none', value: null }]);
    expect(new Set(groups.map((group) => group.urls.join(' ')))).toEqual(
      new Set(
        [...expected.values()].filter((urls) => urls.length > 1).map((urls) => urls.join(' ')),
      ),
    );
    expect(groups[0]!.urls).toHaveLength(10);
  });
});
