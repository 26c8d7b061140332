import { z } from 'zod';
import {
  SITE_FINDING_IDS,
  SITE_FINDING_SEVERITIES,
  siteFindingItemSchema,
} from '../site-findings.ts';
import { instantSchema } from './contract.ts';
import {
  AUDIT_LINK_KINDS,
  AUDIT_LINK_NO_ANSWER,
  AUDIT_PAGE_STATES,
  DEFAULT_AUDIT_PAGE_SIZE,
  MAX_AUDIT_SEARCH_CHARS,
} from './site-audit-basics.ts';
import { siteCheckSchema } from './site-checks.ts';

export * from './site-audit-basics.ts';

/**
 * The site audit workspace (issue 20): the contract of `/api/site-checks/:id/audit/*`.
 *
 * A crawl's site analysis (findings, depth, inbound links, link score, near-duplicates) is a
 * whole-graph computation. It is stored as an audit snapshot when pages finish (and at the end
 * of the check), so every list here is filtered, sorted and paged in SQL: no answer holds more
 * than MAX_AUDIT_PAGE_SIZE rows, and the CSV variants stream the full result of the same query.
 * `builtAt` says how fresh the snapshot is while a crawl runs.
 */

export const MAX_AUDIT_PAGE_SIZE = 200;

/** `?page=&pageSize=` of every paged list (1-based page). */
export const auditPagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_AUDIT_PAGE_SIZE)
    .default(DEFAULT_AUDIT_PAGE_SIZE),
});

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

/** The answer wrapper of every paged list: `total` rows match; `rows` is one page of them. */
export const pagedSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({
    ok: z.literal(true),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    builtAt: instantSchema.nullable(),
    rows: z.array(row),
  });

/* ---------- Pages ---------- */

/** Why a page cannot be indexed (null when it can). */
export const NON_INDEXABLE_REASONS = [
  'noindex',
  'canonicalised',
  'blocked',
  'error',
  'redirect',
  'not-analysed',
] as const;
export type NonIndexableReason = (typeof NON_INDEXABLE_REASONS)[number];

export const AUDIT_PAGE_SORTS = [
  'url',
  'state',
  'score',
  'depth',
  'inbound',
  'linkScore',
  'title',
  'words',
] as const;
export type AuditPageSort = (typeof AUDIT_PAGE_SORTS)[number];

export const auditPagesQuerySchema = auditPagingQuerySchema.extend({
  sort: z.enum(AUDIT_PAGE_SORTS).default('score'),
  dir: z.enum(SORT_DIRECTIONS).default('asc'),
  /** Matched against the address and the title. */
  q: z.string().trim().max(MAX_AUDIT_SEARCH_CHARS).optional(),
  state: z.enum(AUDIT_PAGE_STATES).optional(),
  indexable: z.enum(['yes', 'no']).optional(),
  /** Only pages a finding affects: a site finding id or a page check id. */
  issue: z.string().max(64).optional(),
});
export type AuditPagesQuery = z.infer<typeof auditPagesQuerySchema>;

export const auditPageRowSchema = z.object({
  url: z.string(),
  finalUrl: z.string().nullable(),
  state: z.enum(AUDIT_PAGE_STATES),
  /** The HTTP status of the last answer (null: never answered). */
  httpStatus: z.number().int().nullable(),
  indexable: z.boolean(),
  nonIndexableReason: z.enum(NON_INDEXABLE_REASONS).nullable(),
  score: z.number().int().min(0).max(100).nullable(),
  depth: z.number().int().min(0).nullable(),
  inbound: z.number().int().min(0).nullable(),
  linkScore: z.number().int().min(0).max(100).nullable(),
  title: z.string().nullable(),
  words: z.number().int().min(0).nullable(),
  inSitemap: z.boolean(),
  /** Opens the page's own report (`/report?token=`); null for an address never analysed. */
  accessToken: z.string().nullable(),
});
export type AuditPageRow = z.infer<typeof auditPageRowSchema>;
export const auditPagesResponseSchema = pagedSchema(auditPageRowSchema);
export type AuditPagesResponse = z.infer<typeof auditPagesResponseSchema>;

/* ---------- Issues ---------- */

/** A site finding (between pages) or a page check failing on some pages. */
export const auditIssueSchema = z.object({
  kind: z.enum(['site', 'page']),
  /** A site finding id (SITE_FINDING_IDS) or a page check id (the check catalogue). */
  id: z.string(),
  title: z.string(),
  severity: z.enum(SITE_FINDING_SEVERITIES),
  why: z.string(),
  howToFix: z.string(),
  /** Affected items: pages, targets or clusters. */
  count: z.number().int().min(1),
  /**
   * What fixing it is worth: site score points for a site finding; for a page check, the page
   * points it costs summed over the affected pages and divided by the analysed pages (the rise
   * of the average page score). Issues are ranked by it.
   */
  worth: z.number().min(0),
});
export type AuditIssue = z.infer<typeof auditIssueSchema>;

export const auditIssuesResponseSchema = z.object({
  ok: z.literal(true),
  builtAt: instantSchema.nullable(),
  issues: z.array(auditIssueSchema),
});
export type AuditIssuesResponse = z.infer<typeof auditIssuesResponseSchema>;

export const auditIssueParamsSchema = z.object({
  id: z.uuid(),
  issueId: z.string().min(1).max(64),
});

/** One affected item of an issue (page checks: the page, detail = the finding's message). */
export const auditIssueItemSchema = siteFindingItemSchema.extend({
  accessToken: z.string().nullable(),
});
export type AuditIssueItem = z.infer<typeof auditIssueItemSchema>;
export const auditIssueItemsResponseSchema = pagedSchema(auditIssueItemSchema);
export type AuditIssueItemsResponse = z.infer<typeof auditIssueItemsResponseSchema>;

/* ---------- Links ---------- */

export const AUDIT_LINK_SORTS = ['source', 'target', 'status'] as const;

export const auditLinksQuerySchema = auditPagingQuerySchema.extend({
  kind: z.enum(AUDIT_LINK_KINDS).default('broken'),
  /** First path segment of the source page (`/blog`); `/` for pages at the root. */
  section: z.string().max(200).optional(),
  /** Only links whose target answered this status, or `none`: targets that never answered. */
  status: z
    .union([z.literal(AUDIT_LINK_NO_ANSWER), z.coerce.number().int().min(100).max(599)])
    .optional(),
  sort: z.enum(AUDIT_LINK_SORTS).default('target'),
  dir: z.enum(SORT_DIRECTIONS).default('asc'),
});
export type AuditLinksQuery = z.infer<typeof auditLinksQuerySchema>;

export const auditLinkRowSchema = z.object({
  source: z.string(),
  target: z.string(),
  anchor: z.string(),
  nofollow: z.boolean(),
  /** The link is only in the rendered DOM. */
  renderedOnly: z.boolean(),
  /** The target's HTTP status (null: no answer — `targetError` says why). */
  targetStatus: z.number().int().nullable(),
  targetError: z.string().nullable(),
  /** Where a redirecting target ends. */
  finalUrl: z.string().nullable(),
});
export type AuditLinkRow = z.infer<typeof auditLinkRowSchema>;
export const auditLinksResponseSchema = pagedSchema(auditLinkRowSchema).extend({
  /** The source sections present for this kind, for the filter (most links first). */
  sections: z.array(z.object({ section: z.string(), links: z.number().int() })),
  /**
   * The target statuses present for this kind, for the filter (by status; `null`, targets that
   * never answered, last): what `status` can be set to, with how many links each keeps.
   */
  statuses: z.array(z.object({ status: z.number().int().nullable(), links: z.number().int() })),
});
export type AuditLinksResponse = z.infer<typeof auditLinksResponseSchema>;

/* ---------- Structure ---------- */

export const linkedPageSchema = z.object({
  url: z.string(),
  inbound: z.number().int().min(0),
  linkScore: z.number().int().min(0).max(100).nullable(),
  accessToken: z.string().nullable(),
});
export const auditStructureResponseSchema = z.object({
  ok: z.literal(true),
  builtAt: instantSchema.nullable(),
  /** Pages by click depth from the start page; `depth: null` = reached by no link. */
  depthHistogram: z.array(
    z.object({ depth: z.number().int().min(0).nullable(), pages: z.number().int() }),
  ),
  /** Orphans in all; the list is the `orphan-pages` issue's items. */
  orphans: z.number().int().min(0),
  /** At most 20 each, analysed pages only. */
  mostLinked: z.array(linkedPageSchema),
  leastLinked: z.array(linkedPageSchema),
});
export type AuditStructureResponse = z.infer<typeof auditStructureResponseSchema>;

/* ---------- Duplicates ---------- */

export const duplicateClusterSchema = z.object({
  /** Stable within one snapshot: the cluster's position (1-based). */
  cluster: z.number().int().min(1),
  size: z.number().int().min(2),
  /** Highest estimated Jaccard similarity between two members (0-1). */
  similarity: z.number().min(0).max(1),
  /** At most 20 members. */
  members: z.array(
    z.object({ url: z.string(), title: z.string().nullable(), words: z.number().int().nullable() }),
  ),
});
export type DuplicateCluster = z.infer<typeof duplicateClusterSchema>;
export const auditDuplicatesResponseSchema = pagedSchema(duplicateClusterSchema);
export type AuditDuplicatesResponse = z.infer<typeof auditDuplicatesResponseSchema>;

/** `GET …/audit/duplicates/diff?a=&b=`: two members' main text, to show side by side. */
export const auditDiffQuerySchema = z.object({
  a: z.string().min(1).max(2048),
  b: z.string().min(1).max(2048),
});
/** The main text split into its blocks (paragraphs, headings, list items), each marked shared or not. */
export const diffSideSchema = z.object({
  url: z.string(),
  blocks: z.array(z.object({ text: z.string(), shared: z.boolean() })),
  /** The stored text is a bounded excerpt of the page. */
  truncated: z.boolean(),
});
export const auditDiffResponseSchema = z.object({
  ok: z.literal(true),
  a: diffSideSchema,
  b: diffSideSchema,
});
export type AuditDiffResponse = z.infer<typeof auditDiffResponseSchema>;

/* ---------- Overview, progress, compare ---------- */

export const auditProgressSchema = z.object({
  discovered: z.number().int().min(0),
  waiting: z.number().int().min(0),
  done: z.number().int().min(0),
  failed: z.number().int().min(0),
  /** Over the last 5 minutes of finished pages; null before two pages have finished. */
  pagesPerMinute: z.number().min(0).nullable(),
  /** Waiting pages at that rate; null when unknown or the check has ended. */
  etaSeconds: z.number().int().min(0).nullable(),
  /** The last 10 pages finished, newest first. */
  lastPages: z.array(
    z.object({
      url: z.string(),
      state: z.enum(AUDIT_PAGE_STATES),
      score: z.number().int().nullable(),
      finishedAt: instantSchema,
    }),
  ),
});
export type AuditProgress = z.infer<typeof auditProgressSchema>;

export const auditOverviewSchema = z.object({
  score: z.number().int().min(0).max(100).nullable(),
  base: z.number().int().min(0).max(100).nullable(),
  /** The site score's ledger: each site finding's points off the base. */
  ledger: z.array(
    z.object({ id: z.enum(SITE_FINDING_IDS), title: z.string(), points: z.number().int() }),
  ),
  pagesByState: z.record(z.enum(AUDIT_PAGE_STATES), z.number().int().min(0)),
  indexable: z.number().int().min(0),
  nonIndexable: z.record(z.enum(NON_INDEXABLE_REASONS), z.number().int().min(0)),
  /** The first 10 issues by worth. */
  topIssues: z.array(auditIssueSchema),
  progress: auditProgressSchema,
  /** The previous finished crawl of the same site by the same account, if any. */
  previous: z
    .object({
      siteCheckId: z.uuid(),
      createdAt: instantSchema,
      score: z.number().int().nullable(),
      scoreDelta: z.number().int().nullable(),
      newIssues: z.number().int().min(0),
      fixedIssues: z.number().int().min(0),
    })
    .nullable(),
});
export type AuditOverview = z.infer<typeof auditOverviewSchema>;
export const auditOverviewResponseSchema = z.object({
  ok: z.literal(true),
  siteCheck: siteCheckSchema,
  builtAt: instantSchema.nullable(),
  overview: auditOverviewSchema,
});
export type AuditOverviewResponse = z.infer<typeof auditOverviewResponseSchema>;

/** `GET /api/site-checks/:id/audit/compare/:otherId`: this crawl against an earlier one. */
export const auditCompareParamsSchema = z.object({ id: z.uuid(), otherId: z.uuid() });
export const auditCompareResponseSchema = z.object({
  ok: z.literal(true),
  /** The earlier crawl (the baseline) and this one. */
  before: siteCheckSchema,
  after: siteCheckSchema,
  score: z.object({ before: z.number().int().nullable(), after: z.number().int().nullable() }),
  /** Issues present only after (new), only before (fixed), in both with another count. */
  issues: z.array(
    z.object({
      kind: z.enum(['site', 'page']),
      id: z.string(),
      title: z.string(),
      severity: z.enum(SITE_FINDING_SEVERITIES),
      change: z.enum(['new', 'fixed', 'more', 'fewer', 'same']),
      before: z.number().int().min(0),
      after: z.number().int().min(0),
    }),
  ),
  pagesAdded: z.object({ total: z.number().int(), urls: z.array(z.string()) }),
  pagesRemoved: z.object({ total: z.number().int(), urls: z.array(z.string()) }),
  /** Pages in both, the largest score changes first (at most 100). */
  scoreChanges: z.array(
    z.object({ url: z.string(), before: z.number().int(), after: z.number().int() }),
  ),
});
export type AuditCompareResponse = z.infer<typeof auditCompareResponseSchema>;
