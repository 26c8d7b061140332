import { describe, expect, it } from 'vitest';
import { type JudgedFinding, judgeRegression } from './regression.ts';

const finding = (id: string, outcome: string, severity: string): JudgedFinding => ({
  id,
  outcome,
  severity,
  message: `${id} ${outcome}`,
});

const report = (score: number, issues: JudgedFinding[] = [], scoreModel = 2) => ({
  score,
  scoreModel,
  issues,
});

describe('judgeRegression', () => {
  it('reports a score drop of at least the threshold, and not a smaller one', () => {
    expect(judgeRegression(report(90), report(85), 5)).toEqual({ scoreDrop: 5, newCritical: [] });
    expect(judgeRegression(report(90), report(86), 5)).toBeNull();
    expect(judgeRegression(report(80), report(95), 1)).toBeNull();
  });

  it('reports a check that now fails as critical and did not fail before', () => {
    const before = report(90, [finding('title', 'passed', 'success')]);
    const after = report(89, [finding('title', 'failed', 'critical')]);
    expect(judgeRegression(before, after, 10)).toEqual({
      scoreDrop: null,
      newCritical: [{ id: 'title', message: 'title failed' }],
    });
  });

  it('does not repeat a critical failure that was already there, nor count warnings', () => {
    const before = report(70, [
      finding('title', 'failed', 'critical'),
      finding('h1', 'passed', 'success'),
    ]);
    const after = report(68, [
      finding('title', 'failed', 'critical'),
      finding('h1', 'failed', 'warning'),
    ]);
    expect(judgeRegression(before, after, 5)).toBeNull();
  });

  it('ignores checks the baseline did not run, and scores of another score model', () => {
    const before = report(90, [], 1);
    const after = report(60, [finding('new-check', 'failed', 'critical')], 2);
    expect(judgeRegression(before, after, 5)).toBeNull();
  });
});
