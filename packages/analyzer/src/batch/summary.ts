import { clip } from '../gather/clip.ts';
import type { BatchPage, BatchResult } from './run-batch.ts';
import type { DuplicateGroup, SiteView } from './site-view.ts';

/**
 * The text a batch run prints: one row per page (URL, score, criticals, or the error that stopped
 * it), a totals line, then the site-level view. Plain text, no colours, so it reads the same in a
 * terminal, a CI log or a file.
 */

/** Widest URL column; longer addresses are clipped (the JSON output keeps them whole). */
export const MAX_URL_COLUMN = 70;

function criticals(page: BatchPage): number | null {
  if (page.status !== 'ok') return null;
  return page.report.issues.filter((issue) => issue.severity === 'critical').length;
}

export function formatBatchTable(result: BatchResult): string {
  const width = Math.min(
    MAX_URL_COLUMN,
    Math.max(3, ...result.pages.map((page) => page.url.length)),
  );
  const row = (url: string, score: string, critical: string, note: string) =>
    `${clip(url, width).padEnd(width)}  ${score.padStart(5)}  ${critical.padStart(9)}${note ? `  ${note}` : ''}`;
  const lines = [
    row('URL', 'Score', 'Criticals', ''),
    row('-'.repeat(width), '-----', '---------', ''),
  ];
  for (const page of result.pages) {
    if (page.status === 'ok') {
      lines.push(row(page.url, String(page.report.score), String(criticals(page)), ''));
    } else if (page.status === 'failed') {
      lines.push(row(page.url, '-', '-', `${page.error.code}: ${clip(page.error.message, 160)}`));
    } else {
      lines.push(row(page.url, '-', '-', 'cancelled: not analysed'));
    }
  }
  return lines.join('\n');
}

export function formatBatchTotals(result: BatchResult): string {
  const count = (status: BatchPage['status']) =>
    result.pages.filter((page) => page.status === status).length;
  const seconds = result.durationMs / 1000;
  const ok = count('ok');
  const rate = seconds > 0 ? ` (${(result.pages.length / seconds).toFixed(1)} pages/s)` : '';
  const parts = [
    `${plural(result.pages.length, 'page')}: ${ok} analysed, ${count('failed')} failed${count('cancelled') ? `, ${count('cancelled')} cancelled` : ''}, in ${seconds.toFixed(1)} s${rate}.`,
  ];
  if (result.duplicates > 0) {
    parts.push(
      `${plural(result.duplicates, 'repeated address', 'repeated addresses')} analysed once.`,
    );
  }
  if (result.overLimit > 0) {
    parts.push(
      `${plural(result.overLimit, 'more address', 'more addresses')} not analysed (--max-pages ${result.maxPages}).`,
    );
  }
  return parts.join(' ');
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function duplicateSection(title: string, groups: readonly DuplicateGroup[]): string[] {
  if (groups.length === 0) return [`${title}: none`];
  const lines = [`${title} (${plural(groups.length, 'group')}):`];
  for (const group of groups) {
    lines.push(`  "${clip(group.value, 80)}" on ${group.urls.length} pages:`);
    for (const url of group.urls) lines.push(`    ${url}`);
  }
  return lines;
}

export function formatSiteView(view: SiteView): string {
  const lines = ['Site view', ''];
  lines.push(...duplicateSection('Duplicate titles', view.duplicateTitles), '');
  lines.push(...duplicateSection('Duplicate meta descriptions', view.duplicateDescriptions), '');
  if (view.canonicalElsewhere.length === 0) lines.push('Canonical pointing elsewhere: none');
  else {
    lines.push(`Canonical pointing elsewhere (${view.canonicalElsewhere.length}):`);
    for (const entry of view.canonicalElsewhere) lines.push(`  ${entry.url} → ${entry.canonical}`);
  }
  lines.push('');
  if (view.robotsBlocked.length === 0) lines.push('Blocked by robots.txt: none');
  else {
    lines.push(`Blocked by robots.txt (${view.robotsBlocked.length}):`);
    for (const entry of view.robotsBlocked) {
      lines.push(`  ${entry.url}${entry.rule ? `  (${entry.rule})` : ''}`);
    }
  }
  lines.push('');
  if (view.errors.length === 0) lines.push('Errors: none');
  else {
    lines.push(`Errors (${view.errors.length}):`);
    for (const entry of view.errors) {
      lines.push(`  ${entry.url}  ${entry.code}: ${clip(entry.message, 160)}`);
    }
  }
  return lines.join('\n');
}

/** Everything a batch run prints on stdout without --json. */
export function formatBatchSummary(result: BatchResult, view: SiteView): string {
  return [formatBatchTable(result), '', formatBatchTotals(result), '', formatSiteView(view)].join(
    '\n',
  );
}
