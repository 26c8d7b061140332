import type { DetailsOf, MappedCheckId } from '@crawlwise/shared/check-details';
import type { PageContext } from '../page/page-context.ts';
import type { Severity } from '../types.ts';

/**
 * The shape of every check (modelled on Lighthouse audits): its texts plus a pure function of
 * the page context. Where it stands, which category it counts in and what it costs live in the
 * catalogue (score/score-config.ts, like Lighthouse's auditRefs), not here. A check never does
 * I/O; one that cannot run (no browser, robots.txt unreachable) returns `outcome: 'skipped'`,
 * never throws.
 */
export interface CheckMeta<Id extends string = string> {
  /** Stable public id from CHECKS.md; never renamed. */
  id: Id;
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
  /**
   * The rule the check applies, thresholds included, for docs/checks.md: what passes, what
   * warns, what is critical.
   */
  rule?: string;
  /** Where the rule comes from: the standards, search-engine documentation or studies behind it. */
  sources?: readonly CheckSource[];
}

/** A document a check's rule follows, linked from docs/checks.md. */
export interface CheckSource {
  title: string;
  url: string;
}

/** Free-form details: a check whose details nobody reads by key. */
type LooseDetails = Record<string, unknown>;

export interface OutcomeFields {
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
}

/** Whether it was skipped is the outcome's business, not a detail. */
export type NoSkipped = { skipped?: never };

/**
 * What a check concluded, with `details` (the data behind the outcome) of type D. Typed details
 * (shared check-details.ts) are required: a reader counts on their keys being there.
 */
export type CheckOutcome<D extends object = LooseDetails> = OutcomeFields &
  (LooseDetails extends D ? { details?: D & NoSkipped } : { details: D & NoSkipped });

/** The outcome a check of a mapped id returns. */
export type OutcomeOf<Id extends MappedCheckId> = CheckOutcome<DetailsOf<Id>>;

/**
 * A check whose details nobody reads by key: the shape every check has, and what the runner and
 * the catalogue hold.
 */
export interface Check {
  meta: CheckMeta;
  run(page: PageContext): CheckOutcome;
}

/**
 * A check whose id is in CheckDetailsMap: `run` must return the details that id maps to, so a
 * check cannot rename a key its readers use. checks/check-details.test.ts fails to typecheck when
 * a mapped check is declared as a plain Check. (A type alias rather than a generic Check: TS
 * cannot tell the variance of an id that picks the details through a conditional type, and
 * would refuse a typed check where any Check goes.)
 */
export type CheckOf<Id extends MappedCheckId> = {
  meta: CheckMeta<Id>;
  run(page: PageContext): OutcomeOf<Id>;
};
