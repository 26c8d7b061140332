import { describe, expect, it } from 'vitest';
import { compareReports } from '../cli-baseline.ts';
import { reportFixture } from '../test-support/report-fixture.ts';
import { renderReport } from './render-report.ts';

describe('renderReport', () => {
  const report = reportFixture();

  it('json is the analyzer report as it is, on one line', () => {
    const text = renderReport('json', report, { comparison: null, toolVersion: '1.2.3' });
    expect(text.endsWith('\n')).toBe(true);
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(text)).toEqual(report);
  });

  it('json with a baseline adds one comparison key, and can itself be the next baseline', () => {
    const comparison = compareReports(reportFixture({ score: 80 }), report);
    const parsed = JSON.parse(renderReport('json', report, { comparison, toolVersion: '1' }));
    expect(parsed).toEqual({ ...report, comparison: { ...comparison, scoreDelta: 4 } });
  });

  it('summary appends the comparison', () => {
    const comparison = compareReports(reportFixture({ score: 80 }), report);
    const text = renderReport('summary', report, { comparison, toolVersion: '1' });
    expect(text).toContain('Score: 84/100');
    expect(text).toContain('Compared with the baseline: score 80 → 84 (+4)');
  });
});
