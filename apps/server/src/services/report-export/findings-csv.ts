import { detailsPlainText } from '@crawlwise/shared/finding-details';
import { isLockedIssue, type Report, type ReportIssue } from '@crawlwise/shared/report';

/**
 * The findings of a presented report as CSV (RFC 4180: comma separated, CRLF line ends, fields
 * quoted when they hold a comma, quote or line break, quotes doubled). One row per finding in the
 * report's rank order, each naming its page (so the files of several pages can be put together in
 * one sheet); the details twice, as text a person reads and as the JSON a program reads. A finding
 * locked for this reader keeps only what the screen shows of it (id, category, severity) and says
 * it is locked.
 */

export const CSV_COLUMNS = [
  'page_url',
  'id',
  'category',
  'severity',
  'outcome',
  'points',
  'title',
  'why',
  'details',
  'details_json',
  'how_to_fix',
] as const;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before one) as
 * a formula, and page-supplied text (a title, a link) lands in these cells: such a cell gets a
 * leading apostrophe, which spreadsheets show as text (OWASP's CSV injection advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvRow = (cells: ReadonlyArray<string | number>) => `${cells.map(csvCell).join(',')}\r\n`;

/** The data behind a finding, as compact JSON (empty when it has none). */
function detailsJson(details: Record<string, unknown>): string {
  return Object.keys(details).length === 0 ? '' : JSON.stringify(details);
}

function issueRow(page: string, issue: ReportIssue): string {
  if (isLockedIssue(issue)) {
    return csvRow([
      page,
      issue.id,
      issue.category,
      issue.severity,
      'locked',
      '',
      'Locked: sign in to see this finding',
      '',
      '',
      '',
      '',
    ]);
  }
  return csvRow([
    page,
    issue.id,
    issue.category,
    issue.severity,
    issue.outcome,
    issue.points,
    issue.message,
    issue.why,
    detailsPlainText(issue.details),
    detailsJson(issue.details),
    issue.howToFix ?? '',
  ]);
}

/** The CSV row by row (header first), so the route streams it instead of building one string. */
export function* findingsCsv(report: Report): Generator<string> {
  // A byte order mark lets spreadsheet programs read the file as UTF-8.
  yield `\uFEFF${csvRow([...CSV_COLUMNS])}`;
  for (const issue of report.issues) yield issueRow(report.url, issue);
}
