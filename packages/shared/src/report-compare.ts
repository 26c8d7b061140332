import { z } from 'zod';
import {
  CRAWLER_VIEW_CHECKS,
  type CrawlerViewCheckId,
  crawlerSides,
  type SideValue,
} from './crawler-view.ts';
import {
  CHECK_CATEGORIES,
  checkCategorySchema,
  isLockedIssue,
  outcomeSchema,
  type Report,
  type ReportIssue,
  reportAccessSchema,
  severitySchema,
} from './report.ts';

/**
 * Two reports of one page side by side (issue 11 item 3): the score and each category's score
 * before and after, the findings that are new, fixed or changed, and the crawler-view signals
 * that moved. Pure: it reads two reports as the server presented them to this reader, so a
 * locked finding stays locked here too (its id, category and severity are all the diff uses).
 */

/** What the comparison shows of one report. */
export const comparedReportSchema = z.object({
  access_token: z.string(),
  created_at: z.iso.datetime(),
  completed_at: z.iso.datetime().nullable(),
  score: z.number().int().min(0).max(100),
  score_model: z.number().int().min(1).nullable(),
});
export type ComparedReport = z.infer<typeof comparedReportSchema>;

export const categoryDeltaSchema = z.object({
  id: checkCategorySchema,
  /** The category's kept share, 0-100; null when that report has no score for it. */
  before: z.number().int().nullable(),
  after: z.number().int().nullable(),
  /** after − before; null when either side is missing. */
  delta: z.number().int().nullable(),
});
export type CategoryDelta = z.infer<typeof categoryDeltaSchema>;

/** One side of a finding: what the reader may see of it in that report. */
export const findingSideSchema = z.object({
  severity: severitySchema,
  /** null when the finding is locked for this reader. */
  outcome: outcomeSchema.nullable(),
  message: z.string().nullable(),
  points: z.number().int().nullable(),
  locked: z.boolean(),
});
export type FindingSide = z.infer<typeof findingSideSchema>;

export const FINDING_CHANGES = ['new', 'changed', 'fixed'] as const;
export type FindingChangeKind = (typeof FINDING_CHANGES)[number];

export const findingChangeSchema = z.object({
  id: z.string(),
  category: checkCategorySchema,
  change: z.enum(FINDING_CHANGES),
  /** null when the check is not in that report (a check added by a later score model). */
  before: findingSideSchema.nullable(),
  after: findingSideSchema.nullable(),
});
export type FindingChange = z.infer<typeof findingChangeSchema>;

/**
 * A crawler-view value as a list: one entry for a single value (a title, "4 internal links"),
 * several for a list (H1 headings), none for an empty list; null when the side holds nothing.
 * One type rather than "text or list" keeps the JSON schema plain for every client (a nullable
 * union has no type in OpenAPI 3.0).
 */
const crawlerValueSchema = z.array(z.string()).nullable();

const crawlerSideSchema = z.object({
  outcome: outcomeSchema,
  server: crawlerValueSchema,
  rendered: crawlerValueSchema,
});

export const crawlerChangeSchema = z.object({
  check: z.string(),
  signal: z.string(),
  /** null when that report lacks the signal or it is locked for this reader. */
  before: crawlerSideSchema.nullable(),
  after: crawlerSideSchema.nullable(),
});
export type CrawlerChange = z.infer<typeof crawlerChangeSchema>;

export const reportComparisonSchema = z.object({
  /** The normalised address both reports are of. */
  url: z.string(),
  /** What this reader may see: `anonymous` when the reports were presented with locks. */
  access: reportAccessSchema,
  /** The older report. */
  before: comparedReportSchema,
  /** The newer report. */
  after: comparedReportSchema,
  /** after.score − before.score. */
  score_delta: z.number().int(),
  /** False when the two scores come from different score models (docs/score-model.md). */
  same_score_model: z.boolean(),
  categories: z.array(categoryDeltaSchema),
  /** New first, then changed, then fixed; each in the newer report's rank order. */
  findings: z.array(findingChangeSchema),
  /** Problems present in both reports without a visible change. */
  unchanged_problems: z.number().int().min(0),
  /** Crawler-view signals whose server or rendered value, or result, differ. */
  crawler: z.array(crawlerChangeSchema),
});
export type ReportComparison = z.infer<typeof reportComparisonSchema>;

export const comparisonResponseSchema = z.object({
  ok: z.literal(true),
  comparison: reportComparisonSchema,
});
export type ComparisonResponse = z.infer<typeof comparisonResponseSchema>;

/* ---------- The diff ---------- */

/** A problem is a critical or warning finding, locked or not (a lock only hides the words). */
const isProblem = (issue: ReportIssue | undefined): boolean =>
  issue !== undefined && issue.severity !== 'success';

function sideOf(issue: ReportIssue | undefined): FindingSide | null {
  if (!issue) return null;
  if (isLockedIssue(issue)) {
    return { severity: issue.severity, outcome: null, message: null, points: null, locked: true };
  }
  return {
    severity: issue.severity,
    outcome: issue.outcome,
    message: issue.message,
    points: issue.points,
    locked: false,
  };
}

/** Whether a problem present in both reports visibly changed (severity, words or points). */
function problemChanged(before: FindingSide, after: FindingSide): boolean {
  if (before.severity !== after.severity) return true;
  if (before.locked || after.locked) return false;
  return before.message !== after.message || before.points !== after.points;
}

const byId = (issues: readonly ReportIssue[]) => new Map(issues.map((issue) => [issue.id, issue]));

function diffFindings(
  before: readonly ReportIssue[],
  after: readonly ReportIssue[],
): { findings: FindingChange[]; unchanged: number } {
  const old = byId(before);
  const now = byId(after);
  // The newer report's rank order first, then checks only the older report holds.
  const ids = [...new Set([...after.map((issue) => issue.id), ...before.map((issue) => issue.id)])];
  const findings: FindingChange[] = [];
  let unchanged = 0;
  for (const id of ids) {
    const was = old.get(id);
    const is = now.get(id);
    const category = (is ?? was)!.category;
    const entry = { id, category, before: sideOf(was), after: sideOf(is) };
    if (isProblem(is) && !isProblem(was)) findings.push({ ...entry, change: 'new' });
    else if (isProblem(was) && !isProblem(is)) findings.push({ ...entry, change: 'fixed' });
    else if (isProblem(was) && isProblem(is)) {
      if (problemChanged(entry.before!, entry.after!))
        findings.push({ ...entry, change: 'changed' });
      else unchanged += 1;
    }
  }
  const rank = (change: FindingChangeKind) => FINDING_CHANGES.indexOf(change);
  // A stable sort keeps the rank order within each kind.
  findings.sort((a, b) => rank(a.change) - rank(b.change));
  return { findings, unchanged };
}

function diffCategories(before: Report, after: Report): CategoryDelta[] {
  return CHECK_CATEGORIES.flatMap((id) => {
    const was = before.categories.find((category) => category.id === id)?.score ?? null;
    const is = after.categories.find((category) => category.id === id)?.score ?? null;
    if (was === null && is === null) return [];
    return [{ id, before: was, after: is, delta: was === null || is === null ? null : is - was }];
  });
}

type CrawlerSide = z.infer<typeof crawlerSideSchema>;

const asList = (value: SideValue): string[] | null =>
  value === null ? null : typeof value === 'string' ? [value] : value;

function crawlerSideOf(
  issue: ReportIssue | undefined,
  check: CrawlerViewCheckId,
): CrawlerSide | null {
  if (!issue || isLockedIssue(issue)) return null;
  const [server, rendered] = crawlerSides(check, issue.details);
  return { outcome: issue.outcome, server: asList(server), rendered: asList(rendered) };
}

const sameSide = (a: string[] | null, b: string[] | null) =>
  JSON.stringify(a) === JSON.stringify(b);

function diffCrawlerView(before: Report, after: Report): CrawlerChange[] {
  const old = byId(before.issues);
  const now = byId(after.issues);
  return CRAWLER_VIEW_CHECKS.flatMap(({ id, signal }) => {
    const was = crawlerSideOf(old.get(id), id);
    const is = crawlerSideOf(now.get(id), id);
    if (!was && !is) return [];
    const same =
      was &&
      is &&
      was.outcome === is.outcome &&
      sameSide(was.server, is.server) &&
      sameSide(was.rendered, is.rendered);
    return same ? [] : [{ check: id, signal, before: was, after: is }];
  });
}

const summary = (report: Report, accessToken: string): ComparedReport => ({
  access_token: accessToken,
  created_at: report.created_at,
  completed_at: report.completed_at,
  score: report.score,
  score_model: report.score_model,
});

export interface ComparedInput {
  report: Report;
  accessToken: string;
}

/**
 * Compares two completed reports of the same page. The older one (by creation time) is always
 * `before`, whichever order they are given in, so a positive delta is an improvement.
 */
export function compareReports(first: ComparedInput, second: ComparedInput): ReportComparison {
  const [older, newer] =
    Date.parse(first.report.created_at) <= Date.parse(second.report.created_at)
      ? [first, second]
      : [second, first];
  const before = older.report;
  const after = newer.report;
  const { findings, unchanged } = diffFindings(before.issues, after.issues);
  return {
    url: after.url,
    access: before.access === 'full' && after.access === 'full' ? 'full' : 'anonymous',
    before: summary(before, older.accessToken),
    after: summary(after, newer.accessToken),
    score_delta: after.score - before.score,
    same_score_model: before.score_model === after.score_model,
    categories: diffCategories(before, after),
    findings,
    unchanged_problems: unchanged,
    crawler: diffCrawlerView(before, after),
  };
}
