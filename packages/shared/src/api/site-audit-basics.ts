/**
 * The site audit contract's plain values, without its schemas: site-audit.ts defines the schemas
 * with Zod (about 26 KB gzipped in a browser), and the audit workspace's first view, the
 * Overview, imports these from here so it loads no validation library (issue 20.6).
 * site-audit.ts re-exports every one of them, so the rest of the code base keeps a single import.
 */

/** The workspace's views; each has its own address (`/site-check?id=…&tab=…`). */
export const AUDIT_TABS = [
  'overview',
  'issues',
  'pages',
  'links',
  'structure',
  'duplicates',
] as const;
export type AuditTab = (typeof AUDIT_TABS)[number];

export const DEFAULT_AUDIT_PAGE_SIZE = 50;

/** Longest search text (matched against address and title, case-insensitive). */
export const MAX_AUDIT_SEARCH_CHARS = 200;

/** Where a crawled address stands in the audit. */
export const AUDIT_PAGE_STATES = [
  'completed',
  'failed',
  'blocked',
  'cancelled',
  'pending',
  'redirected',
] as const;
export type AuditPageState = (typeof AUDIT_PAGE_STATES)[number];

export const AUDIT_LINK_KINDS = ['broken', 'redirected'] as const;
export type AuditLinkKind = (typeof AUDIT_LINK_KINDS)[number];

/** The status filter's value for targets that gave no HTTP answer (`targetError` says why). */
export const AUDIT_LINK_NO_ANSWER = 'none';

/**
 * The address of a check's audit API; each view's endpoint follows it (`…/overview`). The web
 * app asks through it and the server's preload of the Overview names it, so the two match.
 */
export const auditApiPath = (siteCheckId: string) =>
  `/api/site-checks/${encodeURIComponent(siteCheckId)}/audit`;
