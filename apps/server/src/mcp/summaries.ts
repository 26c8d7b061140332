import type { Report } from '@crawlwise/shared/report';

/**
 * The short text an MCP tool answers beside its structured content: what an agent (or the
 * person reading its transcript) needs in one glance.
 */

export function reportSummary(report: Report): string {
  if (report.status === 'failed') {
    return `The analysis of ${report.url} failed: ${report.error_message ?? report.error_code ?? 'unknown error'}.`;
  }
  if (report.status !== 'completed') {
    return `The analysis of ${report.url} is ${report.status}.`;
  }
  const failed = report.issues.filter((issue) => issue.severity !== 'success');
  const critical = failed.filter((issue) => issue.severity === 'critical').length;
  const warnings = failed.filter((issue) => issue.severity === 'warning').length;
  const top = failed
    .slice(0, 3)
    .map((issue) => ('message' in issue && issue.message ? `- ${issue.message}` : `- ${issue.id}`));
  return [
    `${report.url}: score ${report.score}/100, ${critical} critical and ${warnings} warning findings.`,
    ...(top.length ? ['Fix first:', ...top] : ['Nothing to fix.']),
  ].join('\n');
}
