import { describe, expect, it } from 'vitest';
import type { Finding, Outcome, Severity } from '../types.ts';
import { capCosts, scoreFindings, uncappedCost } from './score.ts';
import { CATALOGUE_BY_ID, CHECK_CATALOGUE } from './score-config.ts';

/**
 * A finding for a catalogue check; the category comes from the config, the outcome follows the
 * severity unless given.
 */
function finding(id: string, severity: Severity, outcome?: Outcome): Finding {
  const category = CATALOGUE_BY_ID.get(id)?.category ?? 'content';
  return {
    id,
    category,
    outcome: outcome ?? (severity === 'success' ? 'passed' : 'failed'),
    severity,
    message: `${id} ${severity}`,
    why: 'why',
    howToFix: null,
    details: {},
  };
}

/** One finding per catalogue check: success unless listed. */
function page(overrides: Record<string, Severity | [Severity, Outcome]> = {}) {
  return CHECK_CATALOGUE.map(({ check }) => {
    const override = overrides[check];
    if (override === undefined) return finding(check, 'success');
    return Array.isArray(override) ? finding(check, ...override) : finding(check, override);
  });
}

const deductionsOf = (result: ReturnType<typeof scoreFindings>, id: string) =>
  result.categories.find((category) => category.id === id)!.deductions;

describe('scoreFindings', () => {
  it('gives a perfect page 100 and every category 100', () => {
    const result = scoreFindings(page());
    expect(result.score).toBe(100);
    expect(result.categories.map((c) => c.score)).toEqual([100, 100, 100, 100, 100, 100]);
    expect(result.categories.every((c) => c.deductions.length === 0)).toBe(true);
    expect(result.issues.every((issue) => issue.points === 0)).toBe(true);
  });

  it('deducts the configured points per severity', () => {
    const result = scoreFindings(page({ title: 'critical', 'meta-description': 'warning' }));
    expect(result.score).toBe(100 - 10 - 3);
    expect(deductionsOf(result, 'metadata')).toEqual([
      { check: 'title', points: 10 },
      { check: 'meta-description', points: 3 },
    ]);
    expect(result.categories.find((c) => c.id === 'metadata')!.score).toBe(35);
  });

  it('charges nothing for skipped findings, even warnings', () => {
    const result = scoreFindings(
      page({
        'robots-txt': ['warning', 'skipped'],
        'js-rendering': ['warning', 'skipped'],
      }),
    );
    expect(result.score).toBe(100);
    expect(result.issues.slice(0, 2).map((i) => [i.id, i.severity, i.points])).toEqual([
      ['robots-txt', 'warning', 0],
      ['js-rendering', 'warning', 0],
    ]);
  });

  it('charges nothing for checks the config does not know', () => {
    const result = scoreFindings([finding('future-check', 'critical')]);
    expect(result.score).toBe(100);
    expect(result.issues[0]).toMatchObject({ id: 'future-check', points: 0 });
  });

  it('caps a category at its weight, whatever else fails in it', () => {
    const result = scoreFindings(
      page({ 'http-status': 'critical', 'robots-meta': 'critical', https: 'critical' }),
    );
    const crawlability = result.categories.find((c) => c.id === 'crawlability')!;
    expect(crawlability.score).toBe(0);
    expect(result.score).toBe(70);
    const listed = crawlability.deductions.reduce((sum, d) => sum + d.points, 0);
    expect(listed).toBe(30);
  });

  it('scales capped deductions in proportion, in whole points that sum to the weight', () => {
    // 20 + 15 + 4 = 39 > 30: exact shares 15.38, 11.54 and 3.08; the spare point goes to https.
    const result = scoreFindings(
      page({ 'js-rendering': 'critical', https: 'critical', canonical: 'warning' }),
    );
    expect(deductionsOf(result, 'crawlability')).toEqual([
      { check: 'js-rendering', points: 15 },
      { check: 'https', points: 12 },
      { check: 'canonical', points: 3 },
    ]);
    expect(result.issues.slice(0, 3).map((i) => i.points)).toEqual([15, 12, 3]);
    expect(result.score).toBe(70);
  });

  it('rounds category scores to whole numbers', () => {
    // 4 of 30 lost: 86.67 → 87.
    const result = scoreFindings(page({ canonical: 'warning' }));
    expect(result.categories.find((c) => c.id === 'crawlability')!.score).toBe(87);
    expect(result.score).toBe(96);
  });

  it('orders issues by severity, then points lost, then catalogue order', () => {
    const result = scoreFindings(
      page({
        'twitter-card': 'warning', // 2
        'word-count': 'warning', // 5
        'image-alt': 'critical', // 6
        lang: 'critical', // 3
        headings: 'warning', // 3
        'link-text': 'warning', // 3, after headings in the catalogue
      }),
    );
    expect(result.issues.slice(0, 6).map((i) => `${i.id}:${i.points}`)).toEqual([
      'image-alt:6',
      'lang:3',
      'word-count:5',
      'headings:3',
      'link-text:3',
      'twitter-card:2',
    ]);
    // Successes follow in catalogue order.
    expect(result.issues[6]!.id).toBe('http-status');
    expect(result.issues.slice(6).every((i) => i.severity === 'success')).toBe(true);
  });

  it('keeps unknown checks after known ones of the same severity and points', () => {
    const result = scoreFindings([
      finding('zz-future', 'success'),
      finding('aa-future', 'success'),
      finding('title', 'success'),
    ]);
    expect(result.issues.map((i) => i.id)).toEqual(['title', 'aa-future', 'zz-future']);
  });

  it('puts a healthy real-world page in the typical 75-90 band (worked example of the doc)', () => {
    // docs/score-model.md, "Worked example: a healthy page".
    const result = scoreFindings(
      page({
        'image-alt': 'warning',
        'word-count': 'warning',
        'open-graph': 'warning',
        'link-text': 'warning',
        'twitter-card': 'warning',
        'js-rendering': ['success', 'skipped'],
      }),
    );
    expect(result.score).toBe(84);
    expect(result.categories.map((c) => [c.id, c.score])).toEqual([
      ['crawlability', 100],
      ['performance', 100],
      ['metadata', 100],
      ['social', 50],
      ['content', 60],
      ['links', 70],
    ]);
    expect(result.issues[0]).toMatchObject({ id: 'word-count', points: 5 });
  });

  it('splits a capped category as the capping example of the doc says', () => {
    // docs/score-model.md, "Worked example: capping": 26.47 and 3.53 become 26 and 4.
    const result = scoreFindings(page({ 'robots-meta': 'critical', canonical: 'warning' }));
    expect(deductionsOf(result, 'crawlability')).toEqual([
      { check: 'robots-meta', points: 26 },
      { check: 'canonical', points: 4 },
    ]);
    expect(result.score).toBe(70);
  });

  it('puts a page with critical problems well below 50', () => {
    const result = scoreFindings(
      page({
        'robots-meta': 'critical',
        'js-rendering': 'critical',
        title: 'critical',
        'meta-description': 'critical',
        viewport: 'critical',
        'open-graph': 'warning',
        'twitter-card': 'warning',
        'word-count': 'critical',
        headings: 'warning',
        'response-time': 'warning',
      }),
    );
    expect(result.score).toBeLessThan(40);
    expect(result.issues[0]!.id).toBe('robots-meta');
  });

  it('never goes below 0, even when every check is critical', () => {
    const result = scoreFindings(
      page(Object.fromEntries(CHECK_CATALOGUE.map((c) => [c.check, 'critical' as const]))),
    );
    expect(result.score).toBe(0);
    expect(result.categories.every((c) => c.score === 0)).toBe(true);
  });

  it('does not mutate the findings it is given', () => {
    const findings = page({ title: 'critical' });
    scoreFindings(findings);
    expect(findings.every((f) => !('points' in f))).toBe(true);
  });
});

describe('uncappedCost', () => {
  it('reads the config by severity', () => {
    expect(uncappedCost(finding('title', 'critical'))).toBe(10);
    expect(uncappedCost(finding('title', 'warning'))).toBe(4);
    expect(uncappedCost(finding('title', 'success'))).toBe(0);
  });

  it('charges only failed findings', () => {
    expect(uncappedCost(finding('title', 'critical', 'failed'))).toBe(10);
    expect(uncappedCost(finding('title', 'warning', 'skipped'))).toBe(0);
    expect(uncappedCost(finding('hreflang', 'success', 'not_applicable'))).toBe(0);
    expect(uncappedCost(finding('js-rendering', 'success', 'skipped'))).toBe(0);
  });
});

describe('capCosts', () => {
  it('leaves costs within the cap alone', () => {
    expect(capCosts([3, 2], 10)).toEqual([3, 2]);
    expect(capCosts([], 10)).toEqual([]);
  });

  it('gives spare points by largest remainder, ties to the earlier cost', () => {
    expect(capCosts([10, 10, 10], 10)).toEqual([4, 3, 3]);
    expect(capCosts([6, 5, 3], 10)).toEqual([4, 4, 2]);
  });
});
