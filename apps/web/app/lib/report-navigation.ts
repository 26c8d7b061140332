/**
 * The history state a report screen is opened with when the visitor has just asked for it (the
 * URL bar, 'Try again', 'Rerun Analysis'). That screen plays the analysis from its first stage,
 * however fast the server was; a report opened from a link (no such state) shows where it is.
 */
export const FRESH_SUBMISSION_STATE = { freshSubmission: true } as const;

export function isFreshSubmission(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { freshSubmission?: unknown }).freshSubmission === true
  );
}
