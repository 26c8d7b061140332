import type { PageContext } from '../page/page-context.ts';
import type { Finding, Severity } from '../types.ts';
import type { Check } from './check.ts';
import { ALL_CHECKS } from './index.ts';

/**
 * Runs checks against one page and turns their outcomes into findings. Like Lighthouse's runner,
 * it isolates failures: a check that throws (or returns something that is not an outcome)
 * becomes a warning finding for that check alone, with `details.error` for us and
 * `details.skipped` so the page is not charged points for our bug; the other checks still run.
 */

const SEVERITIES: readonly Severity[] = ['critical', 'warning', 'success'];

export function runCheck(page: PageContext, check: Check): Finding {
  const { id, category, title, why } = check.meta;
  try {
    const outcome = check.run(page);
    if (!outcome || !SEVERITIES.includes(outcome.severity) || typeof outcome.message !== 'string') {
      throw new Error(`Check returned an invalid outcome: ${JSON.stringify(outcome)}`);
    }
    return {
      id,
      category,
      severity: outcome.severity,
      message: outcome.message,
      why: outcome.why ?? why,
      details: outcome.details ?? {},
    };
  } catch (error) {
    return {
      id,
      category,
      severity: 'warning',
      message: `${title}: the check could not run`,
      why: `Crawlwise could not run this check on the page, so it costs no points. ${why}`,
      details: {
        skipped: 'The check failed with an internal error',
        error: error instanceof Error ? error.message : String(error),
      },
    };
  }
}

export function runChecks(page: PageContext, checks: readonly Check[] = ALL_CHECKS): Finding[] {
  return checks.map((check) => runCheck(page, check));
}
