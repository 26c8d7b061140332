import type { PageContext } from '../page/page-context.ts';
import type { CategoryId, Severity } from '../types.ts';

/**
 * The shape of every check (modelled on Lighthouse audits): static metadata plus a pure function
 * of the page context. A check never does I/O; one that cannot run (no browser, robots.txt
 * unreachable) returns success or warning with `details.skipped`, never throws.
 */
export interface CheckMeta {
  /** Stable public id from CHECKS.md; never renamed. */
  id: string;
  category: CategoryId;
  /** Short title of the check itself, e.g. "Page title". */
  title: string;
  /** Default plain-language explanation: what it means and how to fix it. */
  why: string;
}

export interface CheckOutcome {
  severity: Severity;
  /** Short title shown to the user for this outcome, e.g. "Title is too long (74 characters)". */
  message: string;
  /** Outcome-specific explanation; falls back to meta.why. */
  why?: string;
  details?: Record<string, unknown>;
}

export interface Check {
  meta: CheckMeta;
  run(page: PageContext): CheckOutcome;
}
