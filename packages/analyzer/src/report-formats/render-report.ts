import type { OutputFormat } from '../cli-args.ts';
import { formatComparison } from '../cli-baseline.ts';
import { formatSummary } from '../cli-summary.ts';
import type { AnalysisReport } from '../types.ts';
import { renderHtml } from './html.ts';
import { renderMarkdown } from './markdown.ts';
import type { RenderContext } from './render-context.ts';
import { renderSarif } from './sarif.ts';

/** The report in the chosen output format, ending with a newline. */
export function renderReport(
  format: OutputFormat,
  report: AnalysisReport,
  context: RenderContext,
): string {
  switch (format) {
    case 'json':
      // A comparison rides along as one extra key: the rest is the report, so this output can
      // itself be the next run's --baseline.
      return `${JSON.stringify(context.comparison ? { ...report, comparison: context.comparison } : report)}\n`;
    case 'markdown':
      return renderMarkdown(report, context);
    case 'html':
      return renderHtml(report, context);
    case 'sarif':
      return renderSarif(report, context);
    case 'summary':
      return `${formatSummary(report)}${context.comparison ? `\n\n${formatComparison(context.comparison)}` : ''}\n`;
  }
}
