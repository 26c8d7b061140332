import { z } from 'zod';
import { CAUSE_IDS } from './causes.ts';
import { CHECK_CATEGORIES, OUTCOME_SEVERITIES, OUTCOMES, SEVERITIES } from './report-basics.ts';

export {
  CHECK_CATEGORIES,
  FREE_TOP_ISSUES,
  isLockedIssue,
  OUTCOME_SEVERITIES,
  OUTCOMES,
  SEVERITIES,
} from './report-basics.ts';

/**
 * The report contract, written once: the analyzer produces these shapes, the server stores and
 * presents them (and generates its OpenAPI description from these schemas), and the web app
 * reads them. Field names are the public JSON of `GET /api/reports/:accessToken` (ARCHITECTURE.md,
 * HTTP API; CHECKS.md); check ids are a contract of their own and never change.
 */

/* ---------- Findings ---------- */

/** The six weighted categories of the score model, in display order. */
export const checkCategorySchema = z.enum(CHECK_CATEGORIES);
export type CheckCategory = z.infer<typeof checkCategorySchema>;

/** How serious a finding is (SEVERITIES in report-basics.ts). */
export const severitySchema = z.enum(SEVERITIES);
export type Severity = z.infer<typeof severitySchema>;

/** What the check concluded (OUTCOMES in report-basics.ts). */
export const outcomeSchema = z.enum(OUTCOMES);
export type Outcome = z.infer<typeof outcomeSchema>;

const findingFields = {
  /** Stable check id from CHECKS.md. */
  id: z.string().min(1),
  category: checkCategorySchema,
  outcome: outcomeSchema,
  severity: severitySchema,
  /** Short title shown to the user, e.g. "Title is too long (74 characters)". */
  message: z.string().min(1),
  /** Plain-language explanation of this outcome: what it means and what to do. */
  why: z.string().min(1),
  /** The check's step to fix a failed outcome; null when there is nothing to fix. */
  howToFix: z.string().min(1).nullable(),
  /** The data behind the outcome: counts, offending elements, URLs. */
  details: z.record(z.string(), z.unknown()),
  /**
   * The root cause this failed finding shares with others (causes.ts), when the analyzer can tell
   * that one problem explains it; absent otherwise (and on reports made before causes existed).
   */
  cause: z.enum(CAUSE_IDS).optional(),
};

/** A finding's severity must be one its outcome allows (a failed success is a bug). */
function severityMatchesOutcome(
  finding: { outcome: Outcome; severity: Severity },
  context: z.RefinementCtx,
): void {
  if (!OUTCOME_SEVERITIES[finding.outcome].includes(finding.severity)) {
    context.addIssue({
      code: 'custom',
      path: ['severity'],
      message: `A ${finding.outcome} finding cannot be ${finding.severity}`,
    });
  }
}

/** One check's result on one page, as the analyzer's checks produce it (before scoring). */
export const findingSchema = z.object(findingFields).superRefine(severityMatchesOutcome);
export type Finding = z.infer<typeof findingSchema>;

/** A finding with the points it cost the score (0 unless failed; capped within its category). */
export const scoredFindingSchema = z
  .object({ ...findingFields, points: z.number().int().min(0) })
  .superRefine(severityMatchesOutcome);
export type ScoredFinding = z.infer<typeof scoredFindingSchema>;

/* ---------- Score ---------- */

export const categoryScoreSchema = z.object({
  id: checkCategorySchema,
  /** Points out of 100 the category is worth; also the most it can lose. */
  weight: z.number().int().min(1),
  /** Share of its weight the category kept, 0-100. */
  score: z.number().int().min(0).max(100),
  /**
   * Which check took how many points (only those that took some). Empty for anonymous readers:
   * the ledger names the locked findings (the server presenter withholds it).
   */
  deductions: z.array(z.object({ check: z.string().min(1), points: z.number().int().min(1) })),
});
export type CategoryScore = z.infer<typeof categoryScoreSchema>;

/* ---------- meta_json ---------- */

/** A summary status; `pass` counts as good. */
export const metaStatusSchema = z.enum(['pass', 'warning', 'fail']);
export type MetaStatus = z.infer<typeof metaStatusSchema>;

const textSectionSchema = z.object({
  status: metaStatusSchema,
  value: z.string().nullable(),
  /** Length in Unicode code points after entity decoding and whitespace collapsing. */
  length: z.number().int().min(0),
});

/**
 * The summary tiles' data (CHECKS.md): at least these sections; more may be added, so unknown
 * sections pass through.
 */
export const metaJsonSchema = z.looseObject({
  technical: z.object({
    ssl: z.boolean(),
    viewport: z.boolean(),
    statusCode: z.number().int(),
    redirects: z.number().int().min(0),
  }),
  /** loadTime in seconds. */
  performance: z.object({ loadTime: z.number().min(0) }),
  title: textSectionSchema,
  metaDescription: textSectionSchema,
  wordCount: z.object({
    status: metaStatusSchema,
    count: z.number().int().min(0),
    renderedCount: z.number().int().min(0).nullable(),
  }),
});
export type MetaJson = z.infer<typeof metaJsonSchema>;

/* ---------- The analyzer's output ---------- */

/** What one analysis produces (the CLI's `--json` document; the worker stores its parts). */
export const analysisReportSchema = z.object({
  url: z.string(),
  finalUrl: z.string(),
  fetchedAt: z.iso.datetime(),
  score: z.number().int().min(0).max(100),
  /**
   * The version of the score model that computed `score` (docs/score-model.md): a later model
   * may weigh checks differently, so a stored score keeps the meaning of its own version.
   */
  scoreModel: z.number().int().min(1),
  categories: z.array(categoryScoreSchema),
  /** Every finding, ranked: critical, warning, success, then points lost, then catalogue order. */
  issues: z.array(scoredFindingSchema),
  meta_json: metaJsonSchema,
});
export type AnalysisReport = z.infer<typeof analysisReportSchema>;

/* ---------- The report as the API sends it ---------- */

/** What an anonymous reader gets instead of a top issue after the free ones. */
export const lockedIssueSchema = z.object({
  id: z.string().min(1),
  severity: z.enum(['critical', 'warning']),
  category: checkCategorySchema,
  locked: z.literal(true),
});
export type LockedIssue = z.infer<typeof lockedIssueSchema>;

export const reportIssueSchema = z.union([scoredFindingSchema, lockedIssueSchema]);
export type ReportIssue = z.infer<typeof reportIssueSchema>;

/** A report is also its own queue job: queued → analyzing → completed or failed. */
export const REPORT_STATUSES = ['queued', 'analyzing', 'completed', 'failed'] as const;
export const reportStatusSchema = z.enum(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

/**
 * A stored report row's status: the contract's four plus `cancelled`, which only a page of a
 * cancelled site check reaches (it was never tried). The site report lists such a page as
 * cancelled; the report's own answer reads it as failed with `site_check_cancelled`, since the
 * report contract has four statuses (product spec, report status values).
 */
export const STORED_REPORT_STATUSES = [...REPORT_STATUSES, 'cancelled'] as const;
export const storedReportStatusSchema = z.enum(STORED_REPORT_STATUSES);
export type StoredReportStatus = z.infer<typeof storedReportStatusSchema>;

/** The status a report answers with for a stored status. */
export const answeredReportStatus = (status: StoredReportStatus): ReportStatus =>
  status === 'cancelled' ? 'failed' : status;

/** Statuses after which a stored report never changes again. */
export const isSettledReportStatus = (status: StoredReportStatus): boolean =>
  status === 'completed' || status === 'failed' || status === 'cancelled';

/**
 * What the reader of this answer may see: `full` (a signed-in reader, free during the beta: every
 * finding and the score ledger) or `anonymous` (the free top issues, the rest locked, category
 * scores without deductions). The report screen chooses its view from this, so it never offers
 * what the server did not send.
 */
export const REPORT_ACCESS = ['full', 'anonymous'] as const;
export const reportAccessSchema = z.enum(REPORT_ACCESS);
export type ReportAccess = z.infer<typeof reportAccessSchema>;

export const reportSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  url_id: z.uuid(),
  final_url: z.string().nullable(),
  status: reportStatusSchema,
  access: reportAccessSchema,
  /** 0-100; 0 while the analysis is pending. */
  score: z.number().int().min(0).max(100),
  /** The score model version of `score` (docs/score-model.md); null until the analysis completed. */
  score_model: z.number().int().min(1).nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  /** null until the analysis completed. */
  meta_json: metaJsonSchema.nullable(),
  categories: z.array(categoryScoreSchema),
  /** After the free top issues, anonymous readers get locked placeholders. */
  issues: z.array(reportIssueSchema),
  created_at: z.iso.datetime(),
  started_at: z.iso.datetime().nullable(),
  completed_at: z.iso.datetime().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/** The payload of `GET /api/reports/:accessToken`. */
export const reportResponseSchema = z.object({ ok: z.literal(true), report: reportSchema });
export type ReportResponse = z.infer<typeof reportResponseSchema>;
