import type { AnalysisReport, Severity } from './types.ts';

/** The part of a finding a comparison looks at. */
export interface ComparedFinding {
  id: string;
  severity: Severity;
  points: number;
  message: string;
}

/** What changed between an earlier report (the baseline) and this one. */
export interface ReportComparison {
  baselineScore: number;
  score: number;
  /** score − baselineScore: positive is better. */
  scoreDelta: number;
  /** Problems now that were absent or passing in the baseline. */
  newFindings: ComparedFinding[];
  /** Problems in the baseline that now pass or are gone. */
  fixed: ComparedFinding[];
  /** Problems in both whose severity, points or message differ. */
  changed: Array<{ id: string; before: ComparedFinding; after: ComparedFinding; worse: boolean }>;
}

/** The fields of a report a baseline needs; checked by hand so any earlier JSON report fits. */
export type BaselineReport = Pick<AnalysisReport, 'score'> & { issues: ComparedFinding[] };

const SEVERITY_RANK: Record<Severity, number> = { success: 0, warning: 1, critical: 2 };

/** Reads a baseline from the text of an earlier `--format json` report; throws with a reason. */
export function parseBaseline(text: string): BaselineReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('it is not JSON');
  }
  const report = value as { score?: unknown; issues?: unknown; error?: unknown };
  if (typeof report?.error === 'string') {
    throw new Error(`it records a failed analysis (${report.error}), not a report`);
  }
  if (typeof report?.score !== 'number' || !Array.isArray(report.issues)) {
    throw new Error('it is not a crawlwise JSON report (no score and issues)');
  }
  const issues = report.issues.map((issue: unknown, index) => {
    const finding = issue as Partial<ComparedFinding>;
    if (
      typeof finding?.id !== 'string' ||
      !(typeof finding.severity === 'string' && finding.severity in SEVERITY_RANK)
    ) {
      throw new Error(`issue ${index} has no id or severity`);
    }
    return {
      id: finding.id,
      severity: finding.severity,
      points: typeof finding.points === 'number' ? finding.points : 0,
      message: typeof finding.message === 'string' ? finding.message : '',
    };
  });
  return { score: report.score, issues };
}

export function compareReports(
  baseline: BaselineReport,
  current: BaselineReport,
): ReportComparison {
  const problems = (issues: readonly ComparedFinding[]) =>
    new Map(
      issues
        .filter((issue) => issue.severity !== 'success')
        .map((issue) => [issue.id, pick(issue)] as const),
    );
  const before = problems(baseline.issues);
  const after = problems(current.issues);
  const comparison: ReportComparison = {
    baselineScore: baseline.score,
    score: current.score,
    scoreDelta: current.score - baseline.score,
    newFindings: [],
    fixed: [],
    changed: [],
  };
  for (const [id, now] of after) {
    const then = before.get(id);
    if (!then) comparison.newFindings.push(now);
    else if (
      then.severity !== now.severity ||
      then.points !== now.points ||
      then.message !== now.message
    ) {
      const worse =
        SEVERITY_RANK[now.severity] > SEVERITY_RANK[then.severity] ||
        (now.severity === then.severity && now.points > then.points);
      comparison.changed.push({ id, before: then, after: now, worse });
    }
  }
  for (const [id, then] of before) if (!after.has(id)) comparison.fixed.push(then);
  return comparison;
}

/** A regression: a new or worsened finding, or a lower score. */
export function isRegression(comparison: ReportComparison): boolean {
  return (
    comparison.scoreDelta < 0 ||
    comparison.newFindings.length > 0 ||
    comparison.changed.some((change) => change.worse)
  );
}

/** Plain-text lines for the terminal summary and stderr. */
export function formatComparison(comparison: ReportComparison): string {
  const delta = comparison.scoreDelta;
  const lines = [
    `Compared with the baseline: score ${comparison.baselineScore} → ${comparison.score} (${signed(delta)})`,
  ];
  const list = (title: string, findings: ComparedFinding[]) => {
    if (findings.length === 0) return;
    lines.push(`  ${title} (${findings.length}):`);
    for (const finding of findings) lines.push(`    ${finding.message}  [${finding.id}]`);
  };
  list('New', comparison.newFindings);
  list('Fixed', comparison.fixed);
  if (comparison.changed.length > 0) {
    lines.push(`  Changed (${comparison.changed.length}):`);
    for (const change of comparison.changed) lines.push(`    ${describeChange(change)}`);
  }
  if (comparison.newFindings.length + comparison.fixed.length + comparison.changed.length === 0) {
    lines.push('  No finding changed.');
  }
  return lines.join('\n');
}

/** "[title] warning −3 → critical −8: <message>" for one changed finding. */
export function describeChange(change: ReportComparison['changed'][number]): string {
  const side = (finding: ComparedFinding) => `${finding.severity} −${finding.points}`;
  const mark = change.worse ? 'worse' : 'better or same';
  return `[${change.id}] ${side(change.before)} → ${side(change.after)} (${mark}): ${change.after.message}`;
}

export function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

function pick(finding: ComparedFinding): ComparedFinding {
  const { id, severity, points, message } = finding;
  return { id, severity, points, message };
}
