import { describeChange, signed } from '../cli-baseline.ts';
import type { AnalysisReport } from '../types.ts';
import { type RenderContext, SEVERITY_MARK } from './render-context.ts';

/**
 * A Markdown report for pull-request comments and job summaries ($GITHUB_STEP_SUMMARY).
 * Every piece of text that comes from the page is escaped: a title may contain `|` or `<script>`.
 */
export function renderMarkdown(report: AnalysisReport, context: RenderContext): string {
  const lines = [
    '# Crawlwise SEO report',
    '',
    `- **Page:** ${inline(report.finalUrl)}`,
    ...(report.finalUrl !== report.url ? [`- **Requested:** ${inline(report.url)}`] : []),
    `- **Score:** ${report.score}/100`,
    `- **Analysed:** ${inline(report.fetchedAt)}`,
    '',
    '## Categories',
    '',
    '| Category | Score | Weight |',
    '| --- | ---: | ---: |',
    ...report.categories.map(
      (category) => `| ${category.id} | ${category.score}/100 | ${category.weight} |`,
    ),
    '',
  ];
  const problems = report.issues.filter((issue) => issue.severity !== 'success');
  lines.push(problems.length ? `## Issues (${problems.length})` : '## No issues found', '');
  for (const issue of problems) {
    const cost = issue.points > 0 ? ` · −${issue.points}` : '';
    lines.push(
      `- ${SEVERITY_MARK[issue.severity]} **${issue.severity}** · \`${issue.id}\`${cost} — ${inline(issue.message)}  `,
      `  ${inline(issue.why)}`,
    );
  }
  const passed = report.issues.filter((issue) => issue.severity === 'success');
  lines.push(
    ...(problems.length ? [''] : []),
    `## Passed (${passed.length})`,
    '',
    passed.map((issue) => `\`${issue.id}\``).join(', ') || 'None.',
  );
  if (context.comparison) lines.push('', ...comparisonSection(context.comparison));
  return `${lines.join('\n')}\n`;
}

function comparisonSection(comparison: NonNullable<RenderContext['comparison']>): string[] {
  const rows = [
    ...comparison.newFindings.map((f) => `| new | \`${f.id}\` | ${inline(f.message)} |`),
    ...comparison.fixed.map((f) => `| fixed | \`${f.id}\` | ${inline(f.message)} |`),
    ...comparison.changed.map(
      (change) =>
        `| ${change.worse ? 'worse' : 'changed'} | \`${change.id}\` | ${inline(describeChange(change))} |`,
    ),
  ];
  return [
    '## Compared with the baseline',
    '',
    `Score ${comparison.baselineScore} → ${comparison.score} (${signed(comparison.scoreDelta)})`,
    '',
    ...(rows.length
      ? ['| Change | Check | Finding |', '| --- | --- | --- |', ...rows]
      : ['No finding changed.']),
  ];
}

/** Page text as inert Markdown on one line: punctuation that means something is escaped. */
export function inline(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/[\\`*_[\]<>|#!~&]/g, (char) => `\\${char}`)
    .trim();
}
