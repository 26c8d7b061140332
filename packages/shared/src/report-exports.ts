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

/** Longest path part of a file name: enough to tell pages apart, short enough for any disk. */
const MAX_PATH_CHARS = 60;

/**
 * The page's path as it may appear in a file name (`/blog/2026/oak-tables` → `blog-2026-oak-tables`),
 * with a short fingerprint of the query when there is one (pages that differ only by their query
 * must not share a name); empty for the home page.
 */
function fileNamePath(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '';
  }
  const path = decodeURIComponentSafe(parsed.pathname)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_PATH_CHARS)
    .replace(/-+$/, '');
  const query = parsed.search.length > 1 ? `q${fingerprint(parsed.search)}` : '';
  return [path, query].filter(Boolean).join('-');
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Six hex digits of FNV-1a: a stable, short name for a query string (not a security measure). */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0').slice(0, 6);
}

/**
 * `crawlwise-example.com-blog-oak-tables-2026-11-22-1030.pdf`: the analysed host, the page's path
 * and the moment (UTC, to the minute) the analysis finished, so the downloads of one site's pages
 * never collide (issue 27) and a folder of them sorts by site, page, then date.
 */
export function exportFileName(url: string, analysedAt: string, format: ExportFormat): string {
  const moment = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}))?/.exec(analysedAt);
  const when = moment
    ? [moment[1], moment[2] && moment[3] ? `${moment[2]}${moment[3]}` : '']
        .filter(Boolean)
        .join('-')
    : 'undated';
  const page = fileNamePath(url);
  return `crawlwise-${[fileNameHost(url), page, when].filter(Boolean).join('-')}.${format}`;
}

/** PDFs one requester may have made per hour: each one renders in the headless browser. */
export const PDF_EXPORTS_PER_HOUR = 30;
