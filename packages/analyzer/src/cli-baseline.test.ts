import { describe, expect, it } from 'vitest';
import { compareReports, formatComparison, isRegression, parseBaseline } from './cli-baseline.ts';
import { reportFixture } from './test-support/report-fixture.ts';

describe('baseline comparison', () => {
  const baseline = reportFixture();

  it('lists new, fixed and changed findings and the score delta', () => {
    const current = reportFixture({
      score: 88,
      issues: [
        // title fixed, canonical got worse, viewport is new, https still passes
        { ...baseline.issues[0]!, severity: 'success', points: 0, message: 'Title is fine' },
        { ...baseline.issues[1]!, severity: 'critical', points: 6 },
        { ...baseline.issues[2]! },
        {
          ...baseline.issues[1]!,
          id: 'viewport',
          category: 'metadata',
          message: 'No viewport',
          points: 2,
        },
      ],
    });
    const comparison = compareReports(parseBaseline(JSON.stringify(baseline)), current);
    expect(comparison).toMatchObject({ baselineScore: 84, score: 88, scoreDelta: 4 });
    expect(comparison.newFindings.map((f) => f.id)).toEqual(['viewport']);
    expect(comparison.fixed.map((f) => f.id)).toEqual(['title']);
    expect(comparison.changed).toEqual([
      expect.objectContaining({
        id: 'canonical',
        worse: true,
        before: expect.objectContaining({ severity: 'warning', points: 3 }),
        after: expect.objectContaining({ severity: 'critical', points: 6 }),
      }),
    ]);
    expect(isRegression(comparison)).toBe(true);
    expect(formatComparison(comparison)).toBe(
      [
        'Compared with the baseline: score 84 → 88 (+4)',
        '  New (1):',
        '    No viewport  [viewport]',
        '  Fixed (1):',
        '    Title is missing: <script>alert("x")</script> | *bold*  [title]',
        '  Changed (1):',
        '    [canonical] warning −3 → critical −6 (worse): The canonical URL points to another host',
      ].join('\n'),
    );
  });

  it('an identical report is no regression and says so', () => {
    const comparison = compareReports(baseline, baseline);
    expect(isRegression(comparison)).toBe(false);
    expect(formatComparison(comparison)).toContain('No finding changed.');
  });

  it('refuses files that are not a report, saying why', () => {
    expect(() => parseBaseline('not json')).toThrow('it is not JSON');
    expect(() => parseBaseline('{"error":"dns_error","message":"x"}')).toThrow(
      'it records a failed analysis (dns_error), not a report',
    );
    expect(() => parseBaseline('{"score":1}')).toThrow('no score and issues');
    expect(() => parseBaseline('{"score":1,"issues":[{"id":"x"}]}')).toThrow(
      'issue 0 has no id or severity',
    );
  });
});
