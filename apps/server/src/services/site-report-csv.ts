import type { SiteReport } from '@crawlwise/shared/api/site-checks';

/**
 * The site report as CSV (RFC 4180): one row per listed address with what the site report says
 * of it — the pages, then the addresses that redirect (status `redirect`) and those robots.txt
 * kept Crawlwise from (status `blocked`), which the report lists apart. For a crawl, each row also
 * has the page's click depth, inbound links and link score, and the ids of the site-level
 * findings that name it (`;`-separated, as in docs/checks.md).
 * Every cell is quoted; a cell a spreadsheet would run as a formula (starting with =, +, -, @,
 * tab or carriage return) gets a leading apostrophe, since page titles and addresses come from
 * the analysed site, not from us.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const SITE_REPORT_CSV_COLUMNS = [
  'url',
  'status',
  'score',
  'title',
  'final_url',
  'duplicate_title',
  'duplicate_description',
  'canonical_elsewhere',
  'blocked_by_robots_txt',
  'error_code',
  'error_message',
  'report_link',
  'depth',
  'inbound_links',
  'link_score',
  'site_findings',
] as const;

export function siteReportCsv(report: SiteReport, reportLink: (token: string) => string): string {
  const inGroup = (groups: SiteReport['duplicateTitles']) =>
    new Set(groups.flatMap((group) => group.urls));
  const duplicateTitle = inGroup(report.duplicateTitles);
  const duplicateDescription = inGroup(report.duplicateDescriptions);
  const canonical = new Map(report.canonicalElsewhere.map((entry) => [entry.url, entry.canonical]));
  const blocked = new Map(report.robotsBlocked.map((entry) => [entry.url, entry.rule ?? 'yes']));
  const findings = new Map<string, string[]>();
  const name = (url: string, id: string) => {
    const ids = findings.get(url) ?? [];
    if (!ids.includes(id)) ids.push(id);
    findings.set(url, ids);
  };
  for (const finding of report.crawl?.findings ?? []) {
    for (const item of finding.items) {
      // A broken external target is no row of the site: the pages linking to it are named
      // (where the link is fixed; the report's first MAX_FINDING_SOURCES of each target).
      if (finding.id === 'broken-external-links') {
        for (const source of item.sources) name(source.url, finding.id);
      } else {
        name(item.url, finding.id);
      }
    }
  }
  const findingsOf = (url: string) => findings.get(url)?.join(';') ?? null;
  const lines = [SITE_REPORT_CSV_COLUMNS.map(csvCell).join(',')];
  const row = (cells: Array<string | number | null>) => lines.push(cells.map(csvCell).join(','));
  for (const page of report.pages) {
    row([
      page.url,
      page.status,
      page.score,
      page.title,
      page.finalUrl,
      duplicateTitle.has(page.url) ? 'yes' : 'no',
      duplicateDescription.has(page.url) ? 'yes' : 'no',
      canonical.get(page.url) ?? null,
      blocked.get(page.url) ?? null,
      page.errorCode,
      page.errorMessage,
      reportLink(page.accessToken),
      page.depth,
      page.inbound,
      page.linkScore,
      findingsOf(page.url),
    ]);
  }
  const listed = new Set(report.pages.map((page) => page.url));
  for (const entry of report.entryProblems) {
    if (entry.kind !== 'redirect') continue;
    row([
      entry.url,
      'redirect',
      null,
      null,
      entry.finalUrl,
      'no',
      'no',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      findingsOf(entry.url),
    ]);
  }
  for (const entry of report.robotsBlocked) {
    if (listed.has(entry.url)) continue;
    row([
      entry.url,
      'blocked',
      null,
      null,
      null,
      'no',
      'no',
      null,
      entry.rule ?? 'yes',
      'blocked_by_robots',
      null,
      null,
      null,
      null,
      null,
      findingsOf(entry.url),
    ]);
  }
  return `${lines.join('\r\n')}\r\n`;
}
