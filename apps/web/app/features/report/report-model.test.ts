import { describe, expect, it } from 'vitest';
import {
  ANONYMOUS_ISSUES,
  FULL_CATEGORIES,
  FULL_ISSUES,
  finding,
  reportResponse,
} from '../../test/report-fixtures.ts';
import {
  botRows,
  countByCategory,
  crawlerSignals,
  fixSnippet,
  groupByCategory,
  ledgerRows,
} from './report-model.ts';

describe('ledgerRows', () => {
  it('lists every deduction, biggest gain first, ties in category order then by check', () => {
    const rows = ledgerRows(FULL_CATEGORIES, FULL_ISSUES);
    expect(rows.map((row) => [row.check, row.points])).toEqual([
      ['robots-meta', 30],
      ['title', 4],
      ['open-graph', 3], // social comes before content in the score model
      ['image-alt', 3],
      ['js-rendering', 2],
      ['rich-results', 2],
    ]);
    expect(rows[0]).toMatchObject({ category: 'crawlability', message: 'Page is not indexable' });
  });

  it('is empty for an anonymous reader, whose categories carry no deductions', () => {
    const { report } = reportResponse('completed');
    expect(ledgerRows(report.categories, report.issues)).toEqual([]);
  });
});

describe('groupByCategory', () => {
  it('puts what needs work before the passed checks, in category order', () => {
    const groups = groupByCategory(FULL_ISSUES, FULL_CATEGORIES);
    expect(groups.map((group) => group.category)).toEqual([
      'crawlability',
      'performance',
      'metadata',
      'social',
      'content',
      'links',
    ]);
    const crawlability = groups[0]!;
    expect(crawlability.attention.map((f) => f.id)).toEqual(['robots-meta', 'js-rendering']);
    expect(crawlability.passed.map((f) => f.id)).toEqual(['bot-access', 'https']);
  });
});

describe('countByCategory', () => {
  it('counts locked findings in their category without reading them', () => {
    const { report } = reportResponse('completed');
    const social = countByCategory(ANONYMOUS_ISSUES, report.categories).find(
      (entry) => entry.category === 'social',
    );
    expect(social).toMatchObject({ issues: 1, findings: 1, score: { score: 70 } });
    const crawlability = countByCategory(ANONYMOUS_ISSUES, report.categories)[0];
    expect(crawlability).toMatchObject({ category: 'crawlability', issues: 1, findings: 2 });
  });
});

describe('crawlerSignals', () => {
  it('reads both sides of each signal from the detail keys the checks write', () => {
    const signals = crawlerSignals(FULL_ISSUES);
    expect(signals.map((signal) => signal.check)).toEqual([
      'rendered-title',
      'rendered-h1',
      'rendered-hreflang',
      'rendered-links',
      'js-rendering',
    ]);
    expect(signals[0]).toMatchObject({ server: 'Loading', rendered: 'Oak tables' });
    expect(signals[1]).toMatchObject({ server: ['Oak & Co'], rendered: ['Oak & Co'] });
    expect(signals[2]).toMatchObject({ skippedReason: 'Render timed out' });
    expect(signals[3]).toMatchObject({ server: '12 internal links' });
    expect(signals[4]).toMatchObject({
      server: '40 words',
      rendered: '400 words',
      missingSample: 'handmade oak dining tables built to order',
    });
  });
});

describe('botRows', () => {
  it('reads the bot-access verdicts, unknown when robots.txt was unreadable', () => {
    expect(botRows(FULL_ISSUES)).toEqual([
      { bot: 'Googlebot', kind: 'search', allowed: true, rule: null },
      { bot: 'ChatGPT-User', kind: 'assistant', allowed: true, rule: null },
      { bot: 'GPTBot', kind: 'training', allowed: false, rule: 'Disallow: /' },
    ]);
    expect(botRows(ANONYMOUS_ISSUES)).toEqual([]);
  });

  it('reads a stored report in another shape without crashing', () => {
    const stored = (details: Record<string, unknown>) => [
      finding({
        id: 'bot-access',
        category: 'crawlability',
        severity: 'success',
        message: 'Crawler access',
        why: 'Older report.',
        details,
      }),
    ];
    expect(botRows(stored({ bots: 'Googlebot' }))).toEqual([]);
    expect(botRows(stored({}))).toEqual([]);
    expect(
      botRows(stored({ bots: [null, 'GPTBot', { kind: 'search' }, { bot: 'Bingbot', rule: 7 }] })),
    ).toEqual([{ bot: 'Bingbot', kind: 'unknown', allowed: null, rule: null }]);
  });
});

describe('fixSnippet', () => {
  it('reads the snippet of any finding, none when blank or not text', () => {
    const withDetails = (details: Record<string, unknown>) =>
      finding({
        id: 'title',
        category: 'metadata',
        severity: 'warning',
        message: 'Title too short',
        why: 'Aim for 20-60.',
        details,
      });
    expect(fixSnippet(withDetails({ fixSnippet: '<title>Oak</title>' }))).toBe(
      '<title>Oak</title>',
    );
    expect(fixSnippet(withDetails({ fixSnippet: ' ' }))).toBeNull();
    expect(fixSnippet(withDetails({ fixSnippet: ['<title>'] }))).toBeNull();
  });
});
