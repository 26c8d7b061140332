import type { PageContext } from '../page/page-context.ts';
import type { Severity } from '../types.ts';

/**
 * The shape of every check (modelled on Lighthouse audits): its texts plus a pure function of
 * the page context. Where it stands, which category it counts in and what it costs live in the
 * catalogue (score/score-config.ts, like Lighthouse's auditRefs), not here. A check never does
 * I/O; one that cannot run (no browser, robots.txt unreachable) returns `outcome: 'skipped'`,
 * never throws.
 */
export interface CheckMeta {
  /** Stable public id from CHECKS.md; never renamed. */
  id: string;
  /** Short title of the check itself, e.g. "Page title". */
  title: string;
  /** Default plain-language explanation: what it means and how to fix it. */
  why: string;
  /** The step that fixes a failed outcome, in one or two imperative sentences. */
  howToFix: string;
  /**
   * What `details.fixSnippet` of a failed finding holds, for checks that write the code of the
   * fix from the page's values (the tag or JSON-LD to paste; see checks/fix-snippets.ts).
   */
  fixSnippet?: string;
}

export interface CheckOutcome {
  severity: Severity;
  /**
   * Only for a check that did not judge the page: `not_applicable` (nothing to judge, a
   * success) or `skipped` (could not judge; a success, or a warning when the reason itself
   * deserves attention). Otherwise the outcome follows the severity: success passed, else failed.
   */
  outcome?: 'not_applicable' | 'skipped';
  /** Short title shown to the user for this outcome, e.g. "Title is too long (74 characters)". */
  message: string;
  /** Outcome-specific explanation; falls back to meta.why. */
  why?: string;
  /** Outcome-specific fix; a failed outcome falls back to meta.howToFix. */
  howToFix?: string;
  /** The data behind the outcome. Whether it was skipped is the outcome's business, not a detail. */
  details?: Record<string, unknown> & { skipped?: never };
}

export interface Check {
  meta: CheckMeta;
  run(page: PageContext): CheckOutcome;
}
