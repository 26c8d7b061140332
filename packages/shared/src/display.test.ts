import { describe, expect, it } from 'vitest';
import {
  addressParts,
  COMPILING_TEXT,
  contentBasicsTile,
  findabilityTile,
  issuesFoundTile,
  progressText,
  relativeTime,
  scoreTone,
  simulatedProgress,
  siteCheckTone,
  siteSpeedTile,
  statusTone,
  summaryTiles,
  topIssues,
} from './display.ts';

describe('statusTone', () => {
  it('maps report statuses to badge colours', () => {
    expect(statusTone('completed')).toBe('green');
    expect(statusTone('queued')).toBe('blue');
    expect(statusTone('analyzing')).toBe('yellow');
    expect(statusTone('failed')).toBe('red');
  });

  it('maps site check statuses to the same colours for the same meaning', () => {
    expect(siteCheckTone('discovering')).toBe('blue');
    expect(siteCheckTone('running')).toBe('yellow');
    expect(siteCheckTone('completed')).toBe('green');
    expect(siteCheckTone('failed')).toBe('red');
    expect(siteCheckTone('cancelled')).toBe('blue');
  });

  it('has no rule for a status outside the unions', () => {
    expect(() => statusTone('error' as never)).toThrow(/No display rule/);
  });
});

describe('scoreTone', () => {
  it('is grey without a score', () => {
    expect(scoreTone(null)).toBe('gray');
    expect(scoreTone(undefined)).toBe('gray');
    expect(scoreTone(Number.NaN)).toBe('gray');
  });

  it('splits at 50 and 75', () => {
    expect(scoreTone(0)).toBe('red');
    expect(scoreTone(49)).toBe('red');
    expect(scoreTone(50)).toBe('yellow');
    expect(scoreTone(74)).toBe('yellow');
    expect(scoreTone(75)).toBe('green');
    expect(scoreTone(100)).toBe('green');
  });
});

describe('relativeTime', () => {
  const now = new Date('2025-03-10T12:00:00Z');
  const before = (ms: number) => new Date(now.getTime() - ms);

  it('counts minutes under an hour', () => {
    expect(relativeTime(before(0), now)).toBe('0 minutes ago');
    expect(relativeTime(before(60_000), now)).toBe('1 minute ago');
    expect(relativeTime(before(59 * 60_000 + 59_000), now)).toBe('59 minutes ago');
  });

  it('counts hours under a day and days under a week', () => {
    expect(relativeTime(before(60 * 60_000), now)).toBe('1 hour ago');
    expect(relativeTime(before(23 * 3_600_000), now)).toBe('23 hours ago');
    expect(relativeTime(before(24 * 3_600_000), now)).toBe('1 day ago');
    expect(relativeTime(before(6 * 86_400_000), now)).toBe('6 days ago');
  });

  it('falls back to the locale date from a week on', () => {
    const old = before(7 * 86_400_000);
    expect(relativeTime(old, now, 'en-US')).toBe(old.toLocaleDateString('en-US'));
    expect(relativeTime(old.toISOString(), now, 'en-US')).toBe(old.toLocaleDateString('en-US'));
  });

  it('treats a future time as just now', () => {
    expect(relativeTime(new Date(now.getTime() + 5000), now)).toBe('0 minutes ago');
  });
});

describe('simulated progress and its text', () => {
  it('climbs from 0 to 100 over 8 seconds', () => {
    expect(simulatedProgress(-5)).toBe(0);
    expect(simulatedProgress(0)).toBe(0);
    expect(simulatedProgress(4000)).toBe(50);
    expect(simulatedProgress(8000)).toBe(100);
    expect(simulatedProgress(20_000)).toBe(100);
  });

  it('estimates remaining seconds below 85%, rounded up', () => {
    expect(progressText(0)).toBe('Estimated 10 seconds remaining');
    expect(progressText(12.5)).toBe('Estimated 9 seconds remaining');
    expect(progressText(80)).toBe('Estimated 2 seconds remaining');
    expect(progressText(84.9)).toBe('Estimated 2 seconds remaining');
  });

  it('says compiling from 85%', () => {
    expect(progressText(85)).toBe(COMPILING_TEXT);
    expect(progressText(100)).toBe('Compiling Results...');
  });
});

describe('summary tiles', () => {
  it('finds the site only with both ssl and viewport', () => {
    expect(findabilityTile({ technical: { ssl: true, viewport: true } })).toMatchObject({
      label: 'Can Google Find It?',
      value: 'Yes',
      status: 'pass',
    });
    expect(findabilityTile({ technical: { ssl: true, viewport: false } }).value).toBe('No');
    expect(findabilityTile({}).value).toBe('No');
    expect(findabilityTile(null).status).toBe('fail');
  });

  it('rates load time with one decimal, defaulting to 2.5 s', () => {
    expect(siteSpeedTile({})).toMatchObject({ value: '2.5s', amount: 2.5, status: 'pass' });
    expect(siteSpeedTile({ performance: { loadTime: 2.94 } })).toMatchObject({
      value: '2.9s',
      status: 'pass',
    });
    expect(siteSpeedTile({ performance: { loadTime: 3 } })).toMatchObject({
      value: '3.0s',
      status: 'warning',
    });
    expect(siteSpeedTile({ performance: { loadTime: 4.99 } }).status).toBe('warning');
    expect(siteSpeedTile({ performance: { loadTime: 5 } }).status).toBe('fail');
    expect(siteSpeedTile({ performance: { loadTime: 'fast' } }).value).toBe('2.5s');
  });

  it('grades content basics by the number of passing sections', () => {
    const pass = { status: 'pass' };
    const fail = { status: 'fail' };
    expect(
      contentBasicsTile({ title: pass, metaDescription: pass, wordCount: pass }),
    ).toMatchObject({ value: 'Solid Foundation', status: 'pass' });
    expect(
      contentBasicsTile({ title: pass, metaDescription: fail, wordCount: pass }),
    ).toMatchObject({ value: 'Attention Required', status: 'warning' });
    expect(contentBasicsTile({ title: pass })).toMatchObject({
      value: 'Losing Traffic',
      status: 'fail',
    });
    expect(contentBasicsTile(undefined).value).toBe('Losing Traffic');
  });

  it('counts issues: none passes, up to 2 warns, more fails', () => {
    expect(issuesFoundTile(0)).toMatchObject({ value: 'None', status: 'pass' });
    expect(issuesFoundTile(1)).toMatchObject({ value: '1 issue', status: 'warning' });
    expect(issuesFoundTile(2)).toMatchObject({ value: '2 issues', status: 'warning' });
    expect(issuesFoundTile(3)).toMatchObject({ value: '3 issues', status: 'fail' });
  });

  it('keeps only critical and warning issues, locked ones included', () => {
    const issues = [
      { severity: 'success' },
      { severity: 'critical' },
      { severity: 'warning' },
      { severity: 'warning', locked: true },
    ];
    expect(topIssues(issues)).toHaveLength(3);
    expect(topIssues(null)).toEqual([]);
    expect(summaryTiles({}, issues).map((t) => t.id)).toEqual([
      'findability',
      'site-speed',
      'content-basics',
      'issues-found',
    ]);
    expect(summaryTiles({}, issues)[3]?.value).toBe('3 issues');
  });
});

describe('addressParts', () => {
  it('keeps a short address whole, without its scheme', () => {
    expect(addressParts('https://example.com/about')).toEqual({
      head: 'example.com/about',
      tail: '',
    });
  });

  it('keeps the end of a long address whole, so two pages of one site differ', () => {
    const a = addressParts(
      'http://127.0.0.1:1040/catalogue/dining-tables/extendable-oak-table-for-eight',
    );
    const b = addressParts(
      'http://127.0.0.1:1040/catalogue/dining-tables/extendable-oak-table-for-twelve',
    );
    expect(a.tail).toBe('endable-oak-table-for-eight'.slice(-24));
    expect(a.tail).not.toBe(b.tail);
    expect(a.head + a.tail).toBe(
      '127.0.0.1:1040/catalogue/dining-tables/extendable-oak-table-for-eight',
    );
  });
});
