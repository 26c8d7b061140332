import { isRegression, type ReportComparison } from './cli-baseline.ts';
import type { AnalysisReport } from './types.ts';

/** A --fail-on rule. `rule` keeps the text the user wrote, for messages. */
export type Gate =
  | { kind: 'score-below'; threshold: number; rule: string }
  | { kind: 'severity'; severity: 'critical' | 'warning'; rule: string }
  | { kind: 'check'; id: string; rule: string }
  | { kind: 'regression'; rule: string };

export interface GateFailure {
  rule: string;
  reason: string;
}

const SCORE_RULE = /^score\s*<\s*(\d{1,3})$/;
const CHECK_RULE = /^check:([a-z0-9-]+)$/;

export function parseGate(rule: string): Gate | { problem: string } {
  const score = SCORE_RULE.exec(rule);
  if (score) {
    const threshold = Number(score[1]);
    if (threshold > 100) return { problem: `--fail-on ${rule}: scores go from 0 to 100.` };
    return { kind: 'score-below', threshold, rule };
  }
  if (rule === 'critical' || rule === 'warning') return { kind: 'severity', severity: rule, rule };
  if (rule === 'regression') return { kind: 'regression', rule };
  const check = CHECK_RULE.exec(rule);
  if (check) return { kind: 'check', id: check[1] as string, rule };
  return {
    problem: `Unknown --fail-on rule: ${rule} (use score<N, critical, warning, check:<id> or regression).`,
  };
}

/**
 * The gates that fail for this report. A `check:<id>` naming no check of the report is a
 * mistake on the command line, not a failed gate: it is returned apart so the CLI can say so.
 */
export function evaluateGates(
  gates: readonly Gate[],
  report: Pick<AnalysisReport, 'score' | 'issues'>,
  comparison: ReportComparison | null,
): { failures: GateFailure[]; unknownChecks: string[] } {
  const failures: GateFailure[] = [];
  const unknownChecks: string[] = [];
  const problems = report.issues.filter((issue) => issue.severity !== 'success');
  for (const gate of gates) {
    if (gate.kind === 'score-below') {
      if (report.score < gate.threshold) {
        failures.push({ rule: gate.rule, reason: `score ${report.score} < ${gate.threshold}` });
      }
    } else if (gate.kind === 'severity') {
      const matching = problems.filter(
        (issue) => gate.severity === 'warning' || issue.severity === 'critical',
      );
      if (matching.length > 0) {
        failures.push({
          rule: gate.rule,
          reason: `${matching.length} finding(s): ${matching.map((issue) => issue.id).join(', ')}`,
        });
      }
    } else if (gate.kind === 'check') {
      const finding = report.issues.find((issue) => issue.id === gate.id);
      if (!finding) unknownChecks.push(gate.id);
      else if (finding.severity !== 'success') {
        failures.push({ rule: gate.rule, reason: `${finding.severity}: ${finding.message}` });
      }
    } else if (comparison && isRegression(comparison)) {
      const worse = comparison.changed.filter((change) => change.worse).length;
      failures.push({
        rule: gate.rule,
        reason: `score ${comparison.scoreDelta >= 0 ? '+' : ''}${comparison.scoreDelta}, ${comparison.newFindings.length} new and ${worse} worsened finding(s)`,
      });
    }
  }
  return { failures, unknownChecks };
}
