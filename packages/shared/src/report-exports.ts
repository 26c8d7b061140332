/**
 * Downloads of a report (issue 11, item 1): the formats, their addresses and their file names,
 * shared so the report screen's buttons and the server's routes cannot drift apart.
 */

export const EXPORT_FORMATS = ['pdf', 'csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** The download address of a report in one format; the access token is the reader's capability. */
export const reportExportPath = (accessToken: string, format: ExportFormat) =>
  `/api/reports/${encodeURIComponent(accessToken)}/export.${format}`;

/**
 * The host name of the analysed page as it may appear in a file name: lower case letters,
 * digits, dots and dashes only, never empty. The port is left out: a number after the host
 * would read like part of the date.
 */
function fileNameHost(url: string): string {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    host = '';
  }
  const safe = host
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/^[.-]+|[.-]+$/g, '');
  return safe === '' ? 'report' : safe.slice(0, 100);
}

/**
 * `crawlwise-example.com-2026-11-22.pdf`: the analysed host and the day (UTC) the analysis
 * finished, so a folder of downloads sorts by site, then by date.
 */
export function exportFileName(url: string, analysedAt: string, format: ExportFormat): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(analysedAt)?.[0] ?? 'undated';
  return `crawlwise-${fileNameHost(url)}-${day}.${format}`;
}

/** PDFs one requester may have made per hour: each one renders in the headless browser. */
export const PDF_EXPORTS_PER_HOUR = 30;
