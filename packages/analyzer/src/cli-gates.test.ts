import { describe, expect, it } from 'vitest';
import { compareReports } from './cli-baseline.ts';
import { evaluateGates, type Gate, parseGate } from './cli-gates.ts';
import { reportFixture } from './test-support/report-fixture.ts';

function gates(...rules: string[]): Gate[] {
  return rules.map((rule) => {
    const gate = parseGate(rule);
    if ('problem' in gate) throw new Error(gate.problem);
    return gate;
  });
}

describe('quality gates', () => {
  const report = reportFixture(); // score 84, one critical (title), one warning (canonical)

  it('parses every rule form and refuses the rest', () => {
    expect(parseGate('score<90')).toEqual({ kind: 'score-below', threshold: 90, rule: 'score<90' });
    expect(parseGate('score < 75')).toMatchObject({ kind: 'score-below', threshold: 75 });
    expect(parseGate('check:meta-description')).toMatchObject({ id: 'meta-description' });
    expect(parseGate('score<101')).toEqual({
      problem: '--fail-on score<101: scores go from 0 to 100.',
    });
    expect(parseGate('info')).toHaveProperty('problem');
    expect(parseGate('check:')).toHaveProperty('problem');
  });

  it('fails score<N only below N', () => {
    expect(evaluateGates(gates('score<84'), report, null).failures).toEqual([]);
    expect(evaluateGates(gates('score<85'), report, null).failures).toEqual([
      { rule: 'score<85', reason: 'score 84 < 85' },
    ]);
  });

  it('fails critical on criticals only, warning on warnings and criticals', () => {
    const onlyWarning = reportFixture({
      issues: report.issues.filter((issue) => issue.severity !== 'critical'),
    });
    expect(evaluateGates(gates('critical'), onlyWarning, null).failures).toEqual([]);
    expect(evaluateGates(gates('warning'), onlyWarning, null).failures).toEqual([
      { rule: 'warning', reason: '1 finding(s): canonical' },
    ]);
    expect(evaluateGates(gates('critical', 'warning'), report, null).failures).toEqual([
      { rule: 'critical', reason: '1 finding(s): title' },
      { rule: 'warning', reason: '2 finding(s): title, canonical' },
    ]);
  });

  it('fails check:<id> when that check did not pass, and reports ids the report lacks', () => {
    const result = evaluateGates(
      gates('check:https', 'check:canonical', 'check:nope'),
      report,
      null,
    );
    expect(result.failures).toEqual([
      { rule: 'check:canonical', reason: 'warning: The canonical URL points to another host' },
    ]);
    expect(result.unknownChecks).toEqual(['nope']);
  });

  it('fails regression on a lower score or a new finding, not on an improvement', () => {
    const better = reportFixture({ score: 90, issues: report.issues.slice(1) });
    const improved = compareReports(report, better);
    expect(evaluateGates(gates('regression'), better, improved).failures).toEqual([]);
    const worse = compareReports(better, report);
    expect(evaluateGates(gates('regression'), report, worse).failures).toEqual([
      { rule: 'regression', reason: 'score -6, 1 new and 0 worsened finding(s)' },
    ]);
  });
});
