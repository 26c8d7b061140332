import type { StoredReportStatus } from '@crawlwise/shared/report';
import type { SiteCheckSource, SiteCheckStatus } from '@crawlwise/shared/site-check';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** One row per page address, stored once by its normalised form. */
export const urls = pgTable('urls', {
  id: uuid('id').primaryKey().defaultRandom(),
  normalizedUrl: text('normalized_url').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// The statuses are part of the report contract (packages/shared/src/report.ts).
export {
  REPORT_STATUSES,
  type ReportStatus,
  type StoredReportStatus,
} from '@crawlwise/shared/report';

/**
 * A whole-site check (docs/site-checks.md): its pages are rows of `reports` pointing here, so
 * the same workers analyse them. While `discovering`, the row is itself a claimable job (lease
 * and attempts like a report): a worker reads the site's sitemaps and inserts the pages.
 * Its pages are paced per host by `host_pace`.
 */
export const siteChecks = pgTable(
  'site_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The team whose workspace it was made in (docs/teams.md); null: the maker's Personal one. */
    teamId: text('team_id').references((): AnyPgColumn => organizations.id, {
      onDelete: 'cascade',
    }),
    /** The site's origin as entered (https://example.com/). */
    siteUrl: text('site_url').notNull(),
    /** Lower-cased host name: the pacing key shared by every site check of one host. */
    host: text('host').notNull(),
    source: text('source').$type<SiteCheckSource>().notNull(),
    status: text('status').$type<SiteCheckStatus>().notNull(),
    /** Who asked (the account's requester key), for the daily page limit at discovery. */
    requesterKey: text('requester_key').notNull(),
    pageCount: integer('page_count').notNull().default(0),
    /** Addresses found but not queued: over the page cap or the daily limit, off-site, repeated. */
    skipped: jsonb('skipped'),
    /** Sitemaps read and the ones that failed (sitemap source). */
    discovery: jsonb('discovery'),
    /** A crawl's settings (crawl source): pages, depth and the link rules (services/crawl.ts). */
    crawl: jsonb('crawl'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    attempts: integer('attempts').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /**
     * The check's place among the checks of its host: the claim serves the check of a host whose
     * `next_page_at` is oldest and sets it to now(), so checks of one host take turns. (The
     * host's own pace is `host_pace`.)
     */
    nextPageAt: timestamp('next_page_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The error-rate stop's window (packages/shared/src/crawl-error-rate.ts): pages tried, and
     * the last 20 outcomes as bits (1 = a server or network failure).
     */
    pagesTried: integer('pages_tried').notNull().default(0),
    recentFailures: integer('recent_failures').notNull().default(0),
    /**
     * The check's own floor of its host's pace, ms: set for a crawl of a verified site
     * (VERIFIED_PAGE_INTERVAL_MS); null keeps the server's SITE_CHECK_PAGE_INTERVAL_MS. The claim
     * paces a host at the largest floor among its running checks (services/job-queue.ts).
     */
    pageIntervalMs: integer('page_interval_ms'),
    /**
     * When the check's audit snapshot (site_audit_* tables) was last built: the moment its pages
     * were read. Null: never built (the screens say "being prepared"). services/site-audit-build.ts.
     */
    auditBuiltAt: timestamp('audit_built_at', { withTimezone: true }),
    /** A crawl's site score and its base (average page score) at that build; null otherwise. */
    auditScore: integer('audit_score'),
    auditBase: integer('audit_base'),
    /** How long the last build took, ms: a running check waits several times that between builds. */
    auditBuildMs: integer('audit_build_ms'),
    /**
     * A builder holds the check's snapshot build until then (null: none): one build of a check at
     * a time across every worker, as each holds the check's pages and links while it builds.
     */
    auditBuildClaimedUntil: timestamp('audit_build_claimed_until', { withTimezone: true }),
    /**
     * The key the check's current snapshot rows carry in their `site_check_id` (null: the check's
     * id, as before migration 0028). A build writes its rows under a new key in short
     * transactions and then points here in one, so readers see the old snapshot or the new one
     * and the embedded database's one connection is never held for a whole write
     * (db/tables/site-audit.ts).
     */
    auditKey: uuid('audit_key'),
    /** The key being written by the builder (rows of a build that died stay under it, to drop). */
    auditWritingKey: uuid('audit_writing_key'),
    /** The key the last build replaced, until its rows are dropped (right after the switch). */
    auditRetiredKey: uuid('audit_retired_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('site_checks_user_created_idx').on(table.userId, table.createdAt),
    index('site_checks_team_created_idx').on(table.teamId, table.createdAt),
    index('site_checks_active_idx')
      .on(table.nextPageAt)
      .where(sql`${table.status} in ('discovering', 'running')`),
    // Ended checks whose audit snapshot is older than their end: the builder's to-do list.
    index('site_checks_audit_due_idx')
      .on(table.completedAt)
      .where(
        sql`${table.status} in ('completed', 'cancelled', 'failed') and (${table.auditBuiltAt} is null or ${table.auditBuiltAt} < ${table.completedAt})`,
      ),
    // Checks with snapshot rows to drop (a replaced snapshot, a build that died).
    index('site_checks_audit_leftover_idx')
      .on(table.auditBuildClaimedUntil)
      .where(sql`${table.auditRetiredKey} is not null or ${table.auditWritingKey} is not null`),
  ],
);

/**
 * The pace of one host, shared by every worker and every site check of that host
 * (docs/site-checks.md › Politeness). A claim of a site-check page takes the host's turn in the
 * same statement that takes the page: it locks this row only once `next_at` has come and holds
 * the turn (`turn_token`, `next_at` far ahead) while the page is requested; when the answer is in,
 * the worker sets `next_at` to now plus the host's interval. So a request to a host starts at
 * least one interval after the previous one ended, whatever the number of workers and checks.
 * The interval adapts to the host's answers (packages/shared/src/crawl-pace.ts). One small row
 * per host, kept so a host that asked us to slow down is remembered next time, and purged 60 days
 * after its last use once no check of the host is left (services/retention.ts).
 */
export const hostPace = pgTable('host_pace', {
  /** Lower-cased host name (site_checks.host). */
  host: text('host').primaryKey(),
  /** No page of the host is claimed before this. */
  nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the last page of the host was claimed. */
  lastTurnAt: timestamp('last_turn_at', { withTimezone: true }),
  /**
   * Set while a worker holds the host's turn (from the claim to the end of the page's request);
   * only that worker ends the turn. Null when no turn is held.
   */
  turnToken: uuid('turn_token'),
  /** The controller's adaptive interval, ms (the floor applies on top of it). */
  intervalMs: integer('interval_ms').notNull().default(0),
  /** The host's robots.txt Crawl-delay for our crawler, capped, ms (0: none). */
  crawlDelayMs: integer('crawl_delay_ms').notNull().default(0),
  /** The host's recent time to first byte (weighted mean), ms; null before its first answer. */
  baselineTtfbMs: doublePrecision('baseline_ttfb_ms'),
  /** Answers the baseline was built from. */
  ttfbSamples: integer('ttfb_samples').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A report is also its own queue job: status, attempts, lease and run_after are what the
 * worker's `FOR UPDATE SKIP LOCKED` claim reads, so there is no second table to keep in step.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    urlId: uuid('url_id')
      .notNull()
      .references(() => urls.id),
    userId: text('user_id'),
    /**
     * The team whose workspace it was made in (docs/teams.md); null: Personal. Erased with the
     * report; a team's deletion erases its reports first (services/teams.ts eraseTeamReports).
     * A report still naming the team when its row goes (stored while the deletion ran) goes with
     * it: "set null" would make it its maker's Personal report.
     */
    teamId: text('team_id').references((): AnyPgColumn => organizations.id, {
      onDelete: 'cascade',
    }),
    /** Set for a page of a whole-site check; such pages are claimed with the site's pacing. */
    siteCheckId: uuid('site_check_id').references((): AnyPgColumn => siteChecks.id, {
      onDelete: 'cascade',
    }),
    /** Unguessable bearer token (256 random bits, base64url) that grants read access. */
    accessToken: text('access_token').notNull(),
    status: text('status').$type<StoredReportStatus>().notNull().default('queued'),
    score: integer('score'),
    /** The analyzer's score model version that computed `score` (null until completed). */
    scoreModel: integer('score_model'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    finalUrl: text('final_url'),
    metaJson: jsonb('meta_json'),
    issues: jsonb('issues'),
    categories: jsonb('categories'),
    /** The document fetched when the report was created, so the worker does not fetch it again. */
    fetchArtifact: jsonb('fetch_artifact'),
    /** Who asked (user id or client address group); erased with the analysis by the purge. */
    requesterKey: text('requester_key'),
    attempts: integer('attempts').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** A crawl's page: its click depth from the start address (0 for the start). */
    crawlDepth: integer('crawl_depth'),
    /**
     * A site check's page: what the site findings read of it (analyzer crawl/page-signals.ts).
     * This and the two columns below are `json` (the text as written), not `jsonb`: SQL never
     * looks inside them, and a site build reads them for every page, where turning jsonb back
     * into text cost the database ~0.5 s of a 10,000-page build (migration 0024).
     */
    pageSignals: json('page_signals'),
    /** A crawl's page: a bounded excerpt of its main text (shared TextExcerpt), for the audit's diff. */
    textExcerpt: jsonb('text_excerpt'),
    /**
     * A site check's page: the part of `issues` its check's audit snapshot reads (the failing
     * critical and warning findings, slimmed) and the part its site report reads (the canonical
     * and robots.txt findings), written with `issues` (services/site-page-findings.ts), so a
     * build reads a few hundred bytes a page instead of taking apart ~20 KB of findings each time.
     * Null on a row written before them: read from `issues` then.
     */
    auditIssues: json('audit_issues'),
    viewFindings: json('view_findings'),
    /**
     * A site check's page: the part of `meta_json` its builds read (title, description, word
     * count), written with it (migration 0030). Null on a row written before it: read from
     * `meta_json` then.
     */
    reportMeta: json('report_meta'),
    /**
     * A crawl's page: its internal links, the crawl's link graph (issue 19), as the text of one
     * JSON array of `[target, anchor, flags]` (services/page-links.ts): each target by its crawl
     * key (packages/shared/src/crawl-url.ts) with its first link's anchor text or image alt,
     * flags 1 nofollow and 2 only in the rendered DOM. One value a page, written by the update
     * that completes it, instead of a `site_links` row a link (migration 0029): on the embedded
     * database those ~20 rows and their index entries were the largest part of a page end, and
     * a site report of 10,000 pages read 200,000 rows back (~0.5-0.8 s) where it now reads
     * 10,000 values. Null: not a crawl's page, not analysed, or no internal links.
     */
    links: text('links'),
  },
  (table) => [
    uniqueIndex('reports_access_token_key').on(table.accessToken),
    index('reports_claim_idx')
      .on(table.runAfter)
      .where(sql`${table.status} in ('queued', 'analyzing')`),
    index('reports_requester_created_idx').on(table.requesterKey, table.createdAt),
    index('reports_user_created_idx').on(table.userId, table.createdAt),
    index('reports_team_created_idx').on(table.teamId, table.createdAt),
    // A check's pages, and its latest finished ones first (the audit's progress: pages per
    // minute over the last minutes, the last pages done) without reading the whole check.
    index('reports_site_check_completed_idx').on(table.siteCheckId, table.completedAt),
    // A check's pages still to analyse, in claim order: the site-page claim asks "has this check a
    // claimable page, and which comes first" several times per page, and a crawl's finished pages
    // (thousands) are left out of the index instead of being read and skipped on every claim.
    index('reports_site_pending_idx')
      .on(table.siteCheckId, table.runAfter, table.id)
      .where(sql`${table.status} in ('queued', 'analyzing')`),
    // A check's page of an address: the crawl's frontier asks which linked addresses the check
    // already holds, and lowers their depth, for every finished page.
    index('reports_site_check_url_idx').on(table.siteCheckId, table.urlId),
  ],
);

export type ReportRow = typeof reports.$inferSelect;

/**
 * The addresses a crawl's sitemap lists, as crawl keys (issue 19): the orphan and sitemap
 * findings compare the crawl with them. Read once when the crawl starts, bounded like any
 * sitemap read (services/site-check-discovery.ts).
 */
export const siteSitemapEntries = pgTable(
  'site_sitemap_entries',
  {
    siteCheckId: uuid('site_check_id')
      .notNull()
      .references(() => siteChecks.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
  },
  (table) => [primaryKey({ columns: [table.siteCheckId, table.url] })],
);

/**
 * A crawl's external link targets, when the crawl checks them (issue 19.3, `checkExternal`, off
 * by default): one row per distinct target, at most `maxExternal` per check, inserted by the
 * frontier as pages finish and asked once each by a worker (services/external-link-checks.ts),
 * paced per host through `host_pace` and leased like a page, so the state survives a worker's
 * death and no target is asked twice after an accepted answer. The check completes only when
 * every target has its answer (`checked_at`).
 */
export const siteExternalTargets = pgTable(
  'site_external_targets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteCheckId: uuid('site_check_id')
      .notNull()
      .references(() => siteChecks.id, { onDelete: 'cascade' }),
    /** The target's crawl key (shared/crawl-url.ts). */
    targetUrl: text('target_url').notNull(),
    /** Its lower-cased host name: the `host_pace` row that paces it. */
    host: text('host').notNull(),
    /** The final answer's status after redirects; null when nothing answered. */
    status: integer('status'),
    finalUrl: text('final_url'),
    /** Why there was no answer (the catalogue's code), or `blocked_by_robots`. */
    error: text('error'),
    /** Set once the answer is written: the target is never asked again. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('site_external_targets_check_target_idx').on(table.siteCheckId, table.targetUrl),
    index('site_external_targets_pending_idx').on(table.host).where(sql`checked_at is null`),
  ],
);

/** The pages linking to a checked external target, with the first anchor text of each link. */
export const siteExternalLinks = pgTable(
  'site_external_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteCheckId: uuid('site_check_id')
      .notNull()
      .references(() => siteChecks.id, { onDelete: 'cascade' }),
    sourceReportId: uuid('source_report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    targetUrl: text('target_url').notNull(),
    anchor: text('anchor').notNull(),
  },
  (table) => [
    index('site_external_links_check_target_idx').on(table.siteCheckId, table.targetUrl),
    index('site_external_links_source_idx').on(table.sourceReportId),
  ],
);

/*
 * The audit snapshot of a site check (issue 20, docs/site-checks.md "Audit workspace"): the
 * whole-site analysis (findings, depth, inbound links, link score, near-duplicates) written as
 * rows by the worker when pages finish, so each list of the audit workspace is one SQL query with
 * ORDER BY / LIMIT / OFFSET. Rebuilt whole; the columns mirror packages/shared/src/api/site-audit.ts.
 *
 * Their `site_check_id` holds the snapshot's key (migration 0028): the check's `audit_key`, or
 * its id when that is null. A build writes its rows under a new key and then switches the
 * check's key in one short transaction; the replaced rows are dropped right after.
 *
 * Their `site_check_id` has no foreign key (migration 0026): the key locked the check's row once
 * per inserted row (`for key share`), on the row every page end of a running crawl updates, and
 * a running build writes ~300,000 rows at 10,000 pages (pg_stat_statements: 121-290 ms per
 * 2,000-row insert during a crawl, 15 ms without the key). Instead the write locks the check's
 * row once per insert (writeAuditSnapshot), so it cannot be deleted while rows are written for it,
 * and a trigger on site_checks deletes a check's snapshot rows (all its keys') with it, whatever
 * deletes the check (the retention purge, an account's or a team's deletion).
 */

/** One row per address of the check (its report rows), with what the audit says of it. */
export const siteAuditPages = pgTable(
  'site_audit_pages',
  {
    siteCheckId: uuid('site_check_id').notNull(),
    url: text('url').notNull(),
    reportId: uuid('report_id'),
    finalUrl: text('final_url'),
    /** AUDIT_PAGE_STATES. */
    state: text('state').notNull(),
    httpStatus: integer('http_status'),
    indexable: boolean('indexable').notNull(),
    /** NON_INDEXABLE_REASONS; null when indexable. */
    nonIndexableReason: text('non_indexable_reason'),
    score: integer('score'),
    depth: integer('depth'),
    inbound: integer('inbound'),
    linkScore: integer('link_score'),
    title: text('title'),
    words: integer('words'),
    inSitemap: boolean('in_sitemap').notNull(),
    accessToken: text('access_token'),
    /** When the page finished (its report's completed_at). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.siteCheckId, table.url] }),
    // One index per sort of the pages list (ties broken by url).
    index('site_audit_pages_score_idx').on(table.siteCheckId, table.score, table.url),
    index('site_audit_pages_state_idx').on(table.siteCheckId, table.state, table.url),
    index('site_audit_pages_depth_idx').on(table.siteCheckId, table.depth, table.url),
    index('site_audit_pages_inbound_idx').on(table.siteCheckId, table.inbound, table.url),
    index('site_audit_pages_link_score_idx').on(table.siteCheckId, table.linkScore, table.url),
    index('site_audit_pages_title_idx').on(table.siteCheckId, table.title, table.url),
    index('site_audit_pages_words_idx').on(table.siteCheckId, table.words, table.url),
  ],
);

/** One row per issue: a site finding, or a page check failing on some pages. */
export const siteAuditIssues = pgTable(
  'site_audit_issues',
  {
    siteCheckId: uuid('site_check_id').notNull(),
    /** 'site' | 'page'. */
    kind: text('kind').notNull(),
    issueId: text('issue_id').notNull(),
    severity: text('severity').notNull(),
    count: integer('count').notNull(),
    /** What fixing it is worth (contract: auditIssueSchema.worth). */
    worth: doublePrecision('worth').notNull(),
  },
  (table) => [primaryKey({ columns: [table.siteCheckId, table.issueId] })],
);

/** The affected items of each issue, in the finding's order (`position`). */
export const siteAuditIssueItems = pgTable(
  'site_audit_issue_items',
  {
    siteCheckId: uuid('site_check_id').notNull(),
    issueId: text('issue_id').notNull(),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    detail: text('detail'),
    /** At most MAX_FINDING_SOURCES of `{ url, anchor }`. */
    sources: jsonb('sources').notNull(),
    sourceCount: integer('source_count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.siteCheckId, table.issueId, table.position] }),
    index('site_audit_issue_items_url_idx').on(table.siteCheckId, table.issueId, table.url),
  ],
);

/** Internal links to broken or redirecting targets (the Links view), one row per link. */
export const siteAuditLinks = pgTable(
  'site_audit_links',
  {
    siteCheckId: uuid('site_check_id').notNull(),
    /** AUDIT_LINK_KINDS. */
    kind: text('kind').notNull(),
    position: integer('position').notNull(),
    source: text('source').notNull(),
    /** First path segment of the source (`/blog`, or `/`). */
    section: text('section').notNull(),
    target: text('target').notNull(),
    anchor: text('anchor').notNull(),
    nofollow: boolean('nofollow').notNull(),
    renderedOnly: boolean('rendered_only').notNull(),
    targetStatus: integer('target_status'),
    targetError: text('target_error'),
    finalUrl: text('final_url'),
  },
  (table) => [
    primaryKey({ columns: [table.siteCheckId, table.kind, table.position] }),
    index('site_audit_links_target_idx').on(table.siteCheckId, table.kind, table.target),
    index('site_audit_links_source_idx').on(table.siteCheckId, table.kind, table.source),
    index('site_audit_links_section_idx').on(table.siteCheckId, table.kind, table.section),
  ],
);

/** Members of near-duplicate clusters (cluster = position, 1-based; member = position within). */
export const siteAuditDuplicates = pgTable(
  'site_audit_duplicates',
  {
    siteCheckId: uuid('site_check_id').notNull(),
    cluster: integer('cluster').notNull(),
    member: integer('member').notNull(),
    url: text('url').notNull(),
    /** The cluster's size and highest pairwise similarity (repeated on each member). */
    size: integer('size').notNull(),
    similarity: doublePrecision('similarity').notNull(),
  },
  (table) => [primaryKey({ columns: [table.siteCheckId, table.cluster, table.member] })],
);

/** Raw bytes: node-postgres answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A check's site report as the route answers it (`SiteReport` JSON, compressed), stored by the
 * worker's snapshot build once the check has ended, so GET /report of a big crawl reads one row
 * instead of building the report from every page and link (issue 19, docs/site-checks.md "Stored
 * site report"). `change_key` names the state of the check's pages it was built from
 * (services/site-report-store.ts); the route serves it only while the pages still have that key.
 */
export const siteReportSnapshots = pgTable('site_report_snapshots', {
  siteCheckId: uuid('site_check_id')
    .primaryKey()
    .references(() => siteChecks.id, { onDelete: 'cascade' }),
  changeKey: text('change_key').notNull(),
  /**
   * The report's JSON exactly as the route writes it (contract order and fields), compressed as a
   * fragment a gzip answer carries unchanged (services/gzip-splice.ts): raw deflate ended with a
   * sync flush, with the CRC-32 and length of the JSON's bytes beside it.
   */
  report: bytea('report').notNull(),
  reportCrc32: bigint('report_crc32', { mode: 'number' }).notNull(),
  reportBytes: bigint('report_bytes', { mode: 'number' }).notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per counted action of a requester (user id or client address group), for the limits
 * in services/rate-limit.ts: `page_fetch` for every page fetch a report submission causes,
 * failed ones included, and one kind per public form. Rows older than the longest window are
 * purged (services/retention.ts).
 */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    requesterKey: text('requester_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('throttle_events_key_idx').on(table.kind, table.requesterKey, table.createdAt),
    index('throttle_events_created_idx').on(table.createdAt),
  ],
);

/** Newsletter subscribers; kept until they unsubscribe (privacy policy). */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    urlId: uuid('url_id').references(() => urls.id),
    reportId: uuid('report_id').references(() => reports.id),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('leads_email_key').on(sql`lower(${table.email})`),
    uniqueIndex('leads_unsubscribe_token_key').on(table.unsubscribeToken),
  ],
);

/** Messages sent through the contact form: stored so none is lost, mailed when mail is set up. */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  website: text('website'),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const partnerWaitlist = pgTable(
  'partner_waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('partner_waitlist_email_key').on(sql`lower(${table.email})`)],
);

/*
 * Accounts: Better Auth's tables (user, session, account, verification, as better-auth 1.7
 * expects them; services/auth.ts maps its models onto these). Field names are Better Auth's,
 * columns are snake_case like the rest of the schema. Ids are Better Auth's random strings.
 */

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    /** The session cookie's value (signed in the cookie, stored as is). */
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** The session's active workspace: a team (organization) id, or null for Personal. */
    activeOrganizationId: text('active_organization_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** Sign-in methods of a user: `credential` (email + password hash) or an OAuth/OIDC provider. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

/** Short-lived tokens (email confirmation, password reset). */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/**
 * Profile pictures, in the database so every web server behind one PostgreSQL serves them and
 * no disk is shared. One per account (a new upload replaces it; deleting the account deletes it).
 * The key, in the picture's address, is random: only its owner learns it.
 */
export const avatars = pgTable('avatars', {
  key: text('key').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/*
 * Monitoring (docs/monitoring.md). A watch re-analyses a page on a schedule stored here, so every
 * worker reads the same schedule and a restart loses nothing; each run is one row of watch_runs
 * pointing at the normal report it created.
 */

export const watches = pgTable(
  'watches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The team whose workspace it was made in (docs/teams.md); null: the maker's Personal one. */
    teamId: text('team_id').references((): AnyPgColumn => organizations.id, {
      onDelete: 'cascade',
    }),
    /** The watched address, normalised (services/report-service.ts stores reports the same way). */
    url: text('url').notNull(),
    /**
     * 'page' (a report per run), 'site' (a whole-site check per run, sitemap source) or 'crawl'
     * (a crawl per run, with the settings in `crawl`).
     */
    kind: text('kind').$type<'page' | 'site' | 'crawl'>().notNull().default('page'),
    frequency: text('frequency').$type<'daily' | 'weekly'>().notNull(),
    /** A score drop of at least this many points mails the owner. */
    thresholdPoints: integer('threshold_points').notNull(),
    /** When the next run is due; a claim moves it to the first slot after the claim's time. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    /** The latest completed report of the watch: the baseline the next run is compared with. */
    lastReportId: uuid('last_report_id').references(() => reports.id, { onDelete: 'set null' }),
    /** A site watch's latest completed site check: the baseline of its next run. */
    lastSiteCheckId: uuid('last_site_check_id').references(() => siteChecks.id, {
      onDelete: 'set null',
    }),
    /** A crawl watch's crawl settings (CrawlOptions, the crawl's API schema); null otherwise. */
    crawl: jsonb('crawl'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One watch per address and kind in each workspace: Personal per account, a team's per team.
    uniqueIndex('watches_user_url_kind_key')
      .on(table.userId, table.url, table.kind)
      .where(sql`${table.teamId} is null`),
    uniqueIndex('watches_team_url_kind_key')
      .on(table.teamId, table.url, table.kind)
      .where(sql`${table.teamId} is not null`),
    index('watches_next_run_idx').on(table.nextRunAt),
  ],
);

export const watchRuns = pgTable(
  'watch_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    watchId: uuid('watch_id')
      .notNull()
      .references(() => watches.id, { onDelete: 'cascade' }),
    /** The schedule slot this run is for: one run per slot, whatever the number of workers. */
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    /** A page watch's run: the report it queued. */
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'cascade' }),
    /** The baseline it is compared with (the watch's last report when the run started). */
    previousReportId: uuid('previous_report_id').references(() => reports.id, {
      onDelete: 'set null',
    }),
    /** A site watch's run: the site check it started (exactly one of report and site check). */
    siteCheckId: uuid('site_check_id').references(() => siteChecks.id, { onDelete: 'cascade' }),
    previousSiteCheckId: uuid('previous_site_check_id').references(() => siteChecks.id, {
      onDelete: 'set null',
    }),
    /** Set once by the one worker that judged the finished report (and mailed, if it regressed). */
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
    /** Set when a regression mail was handed to the mail server. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** SHA-256 of the one-click stop token in this run's mail (the token itself is never stored). */
    stopTokenHash: text('stop_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('watch_runs_watch_slot_key').on(table.watchId, table.slot),
    uniqueIndex('watch_runs_report_key').on(table.reportId),
    uniqueIndex('watch_runs_site_check_key').on(table.siteCheckId),
    check(
      'watch_runs_one_target',
      sql`(${table.reportId} is null) <> (${table.siteCheckId} is null)`,
    ),
    uniqueIndex('watch_runs_stop_token_key').on(table.stopTokenHash),
    index('watch_runs_pending_idx').on(table.createdAt).where(sql`${table.evaluatedAt} is null`),
  ],
);

/**
 * API tokens (docs/api.md › Tokens): a bearer secret for scripts and agents, shown once and
 * stored only as its SHA-256 (a 256-bit random secret needs no slow hash). `read` tokens reach
 * the GET routes; `write` tokens also create reports, site checks and watches. Deleting the
 * account deletes its tokens; revoking deletes the row, so the next request with it fails.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').$type<'read' | 'write'>().notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_tokens_secret_hash_key').on(table.secretHash),
    index('api_tokens_user_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * Site ownership verification (docs/site-checks.md › Site ownership verification): one row per
 * account and site origin, with the token the site publishes (a meta tag on its home page or a
 * well-known file). Tokens are not secrets — they are on the site for anyone to read — but each
 * is unique, so one account's proof never verifies a site for another. `verified_at` is set by a
 * check that found a proof, and cleared by a later check (or a crawl's re-check) that found none.
 */
export const siteVerifications = pgTable(
  'site_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The site's origin (https://example.com/), as site_checks.site_url. */
    siteUrl: text('site_url').notNull(),
    token: text('token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** What the last check that found no proof saw. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('site_verifications_user_site_key').on(table.userId, table.siteUrl),
    uniqueIndex('site_verifications_token_key').on(table.token),
  ],
);

/*
 * Teams (docs/teams.md): Better Auth's organization plugin tables (organization, member,
 * invitation; services/auth.ts maps its models onto these). A team is an organization; its
 * reports, site checks and watches carry its id as `team_id`.
 */

export const organizations = pgTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The team's address (shared teamSlugSchema), unique. */
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const members = pgTable(
  'members',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** owner, admin or member (shared TEAM_ROLES). */
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('members_organization_user_key').on(table.organizationId, table.userId),
    index('members_user_idx').on(table.userId),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role'),
    /** pending, accepted, rejected or canceled (Better Auth's words). */
    status: text('status').notNull().default('pending'),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('invitations_organization_idx').on(table.organizationId),
    index('invitations_email_idx').on(sql`lower(${table.email})`),
  ],
);

/**
 * A team's trail (GET /api/teams/:teamId/activity): who made what and who changed the team.
 * The subject is kept as it read then; the actor link goes when that account is deleted.
 */
export const teamActivity = pgTable(
  'team_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** One of the shared TEAM_ACTIONS. */
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    href: text('href'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('team_activity_team_at_idx').on(table.teamId, table.at)],
);
