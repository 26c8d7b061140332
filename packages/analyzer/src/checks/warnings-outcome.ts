import type { CheckOutcome } from './check.ts';

/** One thing a check found wrong: the short title and what to do about it. */
export interface Problem {
  message: string;
  why: string;
}

/**
 * The outcome of a check that collects several warnings: the first problem titles the finding
 * and every problem's explanation is kept, so fixing one does not hide the next; no problem is
 * a success with the given message.
 */
export function warningsOutcome<D extends object>(
  problems: readonly Problem[],
  details: D,
  successMessage: string,
): CheckOutcome<D> {
  if (problems.length === 0) return { severity: 'success', message: successMessage, details };
  return {
    severity: 'warning',
    message: problems[0]!.message,
    why: problems.map((problem) => problem.why).join(' '),
    details,
  };
}
