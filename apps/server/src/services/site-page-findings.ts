/**
 * What a site check's audit snapshot and site report read of a page's stored findings and
 * metadata, taken out once when the page's analysis is stored (JobQueue.complete) into
 * `reports.audit_issues`, `reports.view_findings` and `reports.report_meta`, instead of from the
 * whole findings (~20 KB a page) and metadata on every build. The same projections exist in SQL
 * for rows stored before those columns (listSitePages' SLIM_COLUMNS, VIEW_FINDINGS and
 * REPORT_META, services/site-checks.ts); site-page-findings.test.ts holds the two to the same
 * answer.
 */

type StoredFinding = Record<string, unknown>;

const isObject = (value: unknown): value is StoredFinding =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A missing key reads as JSON null, as `jsonb_build_object('k', f->'k')` writes it. */
const field = (finding: StoredFinding, key: string): unknown => finding[key] ?? null;

/**
 * The failing critical and warning findings, each with the fields the audit reads: id, outcome,
 * severity, message, points, and of its details only `skipped`.
 */
export function auditIssuesOf(findings: readonly unknown[]): StoredFinding[] {
  const issues: StoredFinding[] = [];
  for (const finding of findings) {
    if (!isObject(finding)) continue;
    const { severity, outcome } = finding;
    if (severity !== 'critical' && severity !== 'warning') continue;
    if ((outcome ?? 'failed') !== 'failed') continue;
    const details = finding.details;
    issues.push({
      id: field(finding, 'id'),
      outcome: field(finding, 'outcome'),
      severity: field(finding, 'severity'),
      message: field(finding, 'message'),
      points: field(finding, 'points'),
      details: isObject(details) && 'skipped' in details ? { skipped: details.skipped } : {},
    });
  }
  return issues;
}

/**
 * The details the site report's cross-page view reads of those findings (buildSiteView): the
 * canonical check's declared canonical(s), the robots.txt check's verdict for Googlebot and its
 * rule. The rest of a canonical and a robots.txt finding (message, why, declarations, ~1.3 KB a
 * page together) was read and parsed for each of a crawl's pages on every build of its report.
 */
const VIEW_DETAIL_KEYS = ['canonical', 'canonicals', 'allowedForGooglebot', 'detail'] as const;

/**
 * The findings the site report's cross-page view looks up (canonical and robots.txt), in their
 * stored order, each with its id, outcome and severity and of its details only VIEW_DETAIL_KEYS;
 * a key that is missing or JSON null is left out (as `jsonb_strip_nulls` leaves it out).
 */
export function viewFindingsOf(findings: readonly unknown[]): StoredFinding[] {
  const view: StoredFinding[] = [];
  for (const finding of findings) {
    if (!isObject(finding) || (finding.id !== 'canonical' && finding.id !== 'robots-txt')) continue;
    const details: StoredFinding = {};
    if (isObject(finding.details)) {
      for (const key of VIEW_DETAIL_KEYS) {
        const value = finding.details[key];
        if (value !== undefined && value !== null) details[key] = value;
      }
    }
    view.push({
      id: finding.id,
      outcome: field(finding, 'outcome'),
      severity: field(finding, 'severity'),
      details,
    });
  }
  return view;
}

/**
 * The metadata a site build reads of a page (its title, description and word count): on the
 * embedded database taking them out of every page's stored `meta_json` (jsonb) cost ~190 ms of a
 * 10,000-page report's read, reading them stored apart ~50. A missing key is JSON null, as
 * `jsonb_build_object('k', m->'k')` writes it.
 */
export function reportMetaOf(meta: unknown): StoredFinding | null {
  if (!isObject(meta)) return null;
  return {
    title: field(meta, 'title'),
    metaDescription: field(meta, 'metaDescription'),
    wordCount: field(meta, 'wordCount'),
  };
}
