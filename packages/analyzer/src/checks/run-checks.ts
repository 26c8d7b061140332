import { OUTCOME_SEVERITIES, SEVERITIES } from '@crawlwise/shared/report-basics';
import type { PageContext } from '../page/page-context.ts';
import { CATALOGUE_BY_ID } from '../score/score-config.ts';
import type { Finding, Outcome } from '../types.ts';
import type { Check, CheckOutcome } from './check.ts';
import { ALL_CHECKS } from './index.ts';

/**
 * Runs checks against one page and turns their outcomes into findings (the shared report
 * contract), taking each check's category from the catalogue. Like Lighthouse's runner, it
 * isolates failures: a check that throws (or returns something that is not an outcome) becomes
 * a skipped warning for that check alone, with `details.error` for us and no points charged for
 * our bug; the other checks still run.
 */

function outcomeOf(result: CheckOutcome): Outcome {
  return result.outcome ?? (result.severity === 'success' ? 'passed' : 'failed');
}

function isValidOutcome(result: CheckOutcome | undefined): result is CheckOutcome {
  if (!result || !SEVERITIES.includes(result.severity) || typeof result.message !== 'string') {
    return false;
  }
  if (result.outcome !== undefined && !['not_applicable', 'skipped'].includes(result.outcome)) {
    return false;
  }
  return OUTCOME_SEVERITIES[outcomeOf(result)].includes(result.severity);
}

export function runCheck(page: PageContext, check: Check): Finding {
  const { id, title, why, howToFix } = check.meta;
  const entry = CATALOGUE_BY_ID.get(id);
  // A programming error, not a page problem: every check that runs must be in the catalogue.
  if (!entry) throw new Error(`Check "${id}" is not in the catalogue (score/score-config.ts)`);
  const { category } = entry;
  try {
    const result = check.run(page);
    if (!isValidOutcome(result)) {
      throw new Error(`Check returned an invalid outcome: ${JSON.stringify(result)}`);
    }
    const outcome = outcomeOf(result);
    return {
      id,
      category,
      outcome,
      severity: result.severity,
      message: result.message,
      why: result.why ?? why,
      howToFix: result.howToFix ?? (outcome === 'failed' ? howToFix : null),
      details: result.details ?? {},
    };
  } catch (error) {
    return {
      id,
      category,
      outcome: 'skipped',
      severity: 'warning',
      message: `${title}: the check could not run`,
      why: `Crawlwise could not run this check on the page, so it costs no points. ${why}`,
      howToFix: null,
      details: { error: error instanceof Error ? error.message : String(error) },
    };
  }
}

export function runChecks(page: PageContext, checks: readonly Check[] = ALL_CHECKS): Finding[] {
  return checks.map((check) => runCheck(page, check));
}
