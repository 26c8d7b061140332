import { z } from 'zod';
import { ERROR_CATALOGUE } from '../error-catalogue.ts';
import { storedReportStatusSchema } from '../report.ts';
import {
  DEFAULT_CRAWL_DEPTH,
  DEFAULT_CRAWL_MAX_EXTERNAL,
  MAX_CRAWL_DEPTH,
  MAX_CRAWL_EXTERNAL,
  MAX_CRAWL_PATTERN_CHARS,
  MAX_CRAWL_PATTERNS,
  MAX_SITE_CHECK_LIST_CHARS,
  MAX_SITE_CHECK_PAGES,
  parseSiteAddress,
  SITE_CHECK_SOURCES,
  SITE_CHECK_STATUSES,
} from '../site-check.ts';
import { siteFindingSchema } from '../site-findings.ts';
import { CRAWL_PAGES_CEILING } from '../site-verification.ts';
import { instantSchema, ruleField } from './contract.ts';

/** Whole-site checks (docs/site-checks.md): the contract of `/api/site-checks*`. */

/** The site a check is about: its origin, from what the user typed (the URL rule's codes). */
export const siteAddressField = ruleField(
  (input) => {
    const parsed = parseSiteAddress(input);
    return parsed.ok ? { ok: true, value: parsed.site } : parsed;
  },
  { type: 'string', maxLength: 2048, description: 'The site: any address on it' },
);

const LIST_REQUIRED = 'Paste the list of addresses (at most 450,000 characters).';

const patternList = (what: string) =>
  z
    .array(
      z
        .string()
        .min(1, `${what} patterns cannot be empty.`)
        .max(
          MAX_CRAWL_PATTERN_CHARS,
          `${what} patterns are at most ${MAX_CRAWL_PATTERN_CHARS} characters.`,
        ),
    )
    .max(MAX_CRAWL_PATTERNS, `At most ${MAX_CRAWL_PATTERNS} ${what.toLowerCase()} patterns.`)
    .default([]);

export const crawlOptionsSchema = z
  .object({
    maxPages: z
      .number()
      .int()
      .min(1, 'A crawl analyses at least one page.')
      // Unverified sites are held to MAX_CRAWL_PAGES and verified ones to SITE_CRAWL_MAX_PAGES
      // by the server (services/crawl-allowance.ts); the contract only bounds the number.
      .max(CRAWL_PAGES_CEILING, `A crawl analyses at most ${CRAWL_PAGES_CEILING} pages.`)
      .default(MAX_SITE_CHECK_PAGES),
    maxDepth: z
      .number()
      .int()
      .min(0, 'The depth cannot be negative.')
      .max(MAX_CRAWL_DEPTH, `A crawl follows links at most ${MAX_CRAWL_DEPTH} clicks deep.`)
      .default(DEFAULT_CRAWL_DEPTH),
    includeSubdomains: z.boolean().default(false),
    followNofollow: z.boolean().default(false),
    include: patternList('Include'),
    exclude: patternList('Exclude'),
    /** Ask each distinct external target how it answers (off by default; docs/site-checks.md). */
    checkExternal: z.boolean().default(false),
    maxExternal: z
      .number()
      .int()
      .min(1, 'At least one external link is checked.')
      .max(MAX_CRAWL_EXTERNAL, `At most ${MAX_CRAWL_EXTERNAL} external links are checked.`)
      .default(DEFAULT_CRAWL_MAX_EXTERNAL),
  })
  .strict();
export type CrawlOptions = z.output<typeof crawlOptionsSchema>;

export const startSiteCheckBodySchema = z
  .object({
    siteUrl: siteAddressField,
    source: z.enum(SITE_CHECK_SOURCES, {
      error: 'The source must be "sitemap", "list" or "crawl".',
    }),
    /** The pasted list (source `list`): one address per line, or CSV. */
    list: z
      .string({ error: LIST_REQUIRED })
      .max(MAX_SITE_CHECK_LIST_CHARS, LIST_REQUIRED)
      .optional(),
    /** The crawl's settings (source `crawl`); every field has a default. */
    crawl: crawlOptionsSchema.optional(),
  })
  .refine((body) => body.source !== 'list' || body.list !== undefined, {
    message: LIST_REQUIRED,
    path: ['list'],
  });
export type StartSiteCheckBody = z.input<typeof startSiteCheckBodySchema>;

/** A site check id: anything but a well-formed uuid names no site check. */
export const siteCheckIdParamsSchema = z.object({
  id: ruleField(
    (input) =>
      typeof input === 'string' && z.uuid().safeParse(input).success
        ? { ok: true, value: input.toLowerCase() }
        : {
            ok: false,
            code: 'site_check_not_found',
            message: ERROR_CATALOGUE.site_check_not_found.description,
          },
    { type: 'string', format: 'uuid', description: 'The site check id' },
  ),
});

/** Where a site check's pages are. */
export const siteCheckCountsSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  analyzing: z.number().int(),
  completed: z.number().int(),
  /** Tried and could not be analysed. */
  failed: z.number().int(),
  /** Not requested: the site's robots.txt does not allow Crawlwise. */
  blocked: z.number().int(),
  /** Dropped by a cancel before being tried. */
  cancelled: z.number().int(),
});
export type SiteCheckCounts = z.infer<typeof siteCheckCountsSchema>;

/** Addresses found but not queued: over the page cap or the daily limit, off-site, repeated. */
export const skippedAddressesSchema = z.object({
  offSite: z.number().int(),
  invalid: z.number().int(),
  duplicates: z.number().int(),
  overCap: z.number().int(),
  overDailyLimit: z.number().int(),
});
export type SkippedAddresses = z.infer<typeof skippedAddressesSchema>;

export const siteCheckSchema = z.object({
  id: z.uuid(),
  siteUrl: z.string(),
  source: z.enum(SITE_CHECK_SOURCES),
  status: z.enum(SITE_CHECK_STATUSES),
  counts: siteCheckCountsSchema,
  skipped: skippedAddressesSchema.nullable(),
  /** Sitemaps read (foundVia, sitemaps, failures, truncated). */
  discovery: z.record(z.string(), z.unknown()).nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: instantSchema,
  completedAt: instantSchema.nullable(),
});
export type SiteCheck = z.infer<typeof siteCheckSchema>;

export const siteCheckResponseSchema = z.object({
  ok: z.literal(true),
  siteCheck: siteCheckSchema,
});
export const siteCheckListResponseSchema = z.object({
  ok: z.literal(true),
  siteChecks: z.array(siteCheckSchema),
});

const duplicateGroupSchema = z.object({ value: z.string(), urls: z.array(z.string()) });

export const siteReportPageSchema = z.object({
  url: z.string(),
  finalUrl: z.string().nullable(),
  /** A page a cancel dropped is `cancelled`: it was never tried. */
  status: storedReportStatusSchema,
  score: z.number().int().nullable(),
  title: z.string().nullable(),
  accessToken: z.string(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** A crawl's page: clicks from the start page (null: reached by no link, or not a crawl). */
  depth: z.number().int().min(0).nullable(),
  /** A crawl's page: distinct pages linking to it (null when not a crawl). */
  inbound: z.number().int().min(0).nullable(),
  /** A crawl's page: its internal link score, 0-100 (null when not a crawl or not a page). */
  linkScore: z.number().int().min(0).max(100).nullable(),
});
export type SiteReportPage = z.infer<typeof siteReportPageSchema>;

/** What a crawl adds to the site report (issue 19): the site score and site-level findings. */
export const crawlSummarySchema = z.object({
  /** The site score (docs/score-model.md, "Site score"); null until a page is analysed. */
  score: z.number().int().min(0).max(100).nullable(),
  /** The average page score the site findings' points are taken from. */
  base: z.number().int().min(0).max(100).nullable(),
  /** A sitemap was read and its pages seeded (sitemap findings apply only then). */
  sitemapRead: z.boolean(),
  /** Most serious first; each with its affected items (clipped) and its points. */
  findings: z.array(siteFindingSchema),
  /**
   * Set when the crawl checks external links (its `checkExternal` option): targets recorded (at
   * most its `maxExternal`) and answered so far. The check completes once all are answered.
   */
  externalLinks: z
    .object({ total: z.number().int().min(0), checked: z.number().int().min(0) })
    .nullable()
    .optional(),
});
export type CrawlSummary = z.infer<typeof crawlSummarySchema>;

export const entryProblemSchema = z.object({
  url: z.string(),
  kind: z.enum(['redirect', 'failed']),
  /** Where a redirecting entry ends. */
  finalUrl: z.string().nullable(),
  code: z.string().nullable(),
  message: z.string().nullable(),
});
export type EntryProblem = z.infer<typeof entryProblemSchema>;

/** The site report: pages by score and what shows only across pages. */
export const siteReportSchema = z.object({
  pagesAnalysed: z.number().int(),
  pagesFailed: z.number().int(),
  /** Pages a cancel dropped before they were tried. */
  pagesCancelled: z.number().int(),
  /** Pages the site's robots.txt does not let Crawlwise request (never fetched). */
  pagesBlocked: z.number().int(),
  /** Listed addresses that redirect: counted as redirects (entryProblems), not as pages. */
  pagesRedirected: z.number().int(),
  pagesPending: z.number().int(),
  averageScore: z.number().int().nullable(),
  /** Analysed pages from the lowest score up, then failed ones, then pending ones (redirecting entries are not pages). */
  pages: z.array(siteReportPageSchema),
  duplicateTitles: z.array(duplicateGroupSchema),
  duplicateDescriptions: z.array(duplicateGroupSchema),
  canonicalElsewhere: z.array(z.object({ url: z.string(), canonical: z.string() })),
  robotsBlocked: z.array(z.object({ url: z.string(), rule: z.string().nullable() })),
  entryProblems: z.array(entryProblemSchema),
  /** Set for a crawl: its site score and the problems between pages; null otherwise. */
  crawl: crawlSummarySchema.nullable(),
});
export type SiteReport = z.infer<typeof siteReportSchema>;

export const siteReportResponseSchema = z.object({
  ok: z.literal(true),
  siteCheck: siteCheckSchema,
  report: siteReportSchema,
});
export type SiteReportResponse = z.infer<typeof siteReportResponseSchema>;
