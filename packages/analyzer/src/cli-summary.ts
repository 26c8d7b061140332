import type { AnalysisReport } from './types.ts';

const SEVERITY_MARK = { critical: '✖', warning: '▲', success: '✔' } as const;

/** The readable summary the CLI prints without --json. */
export function formatSummary(report: AnalysisReport): string {
  const lines = [
    `${report.finalUrl}`,
    `Score: ${report.score}/100`,
    '',
    'Categories:',
    ...report.categories.map(
      (category) =>
        `  ${category.id.padEnd(14)} ${String(category.score).padStart(3)}/100  (weight ${category.weight})`,
    ),
  ];
  const problems = report.issues.filter((issue) => issue.severity !== 'success');
  lines.push('', problems.length ? `Issues (${problems.length}):` : 'No issues found.');
  for (const issue of problems) {
    const cost = issue.points > 0 ? ` (-${issue.points})` : '';
    lines.push(`  ${SEVERITY_MARK[issue.severity]} ${issue.message}${cost}  [${issue.id}]`);
    lines.push(`      ${issue.why}`);
  }
  const passed = report.issues.filter((issue) => issue.severity === 'success');
  lines.push('', `Passed (${passed.length}): ${passed.map((issue) => issue.id).join(', ')}`);
  return lines.join('\n');
}
