import type {
  FindingChange,
  FindingChangeKind,
  FindingSide,
} from '@crawlwise/shared/report-compare';

export type { FindingChange, FindingChangeKind, FindingSide };

export const CHANGE_HEADINGS: Record<FindingChangeKind, string> = {
  new: 'New problems',
  changed: 'Changed problems',
  fixed: 'Fixed',
};

export const changesOfKind = (findings: readonly FindingChange[], kind: FindingChangeKind) =>
  findings.filter((finding) => finding.change === kind);

/** The score change in words, for the headline and screen readers. */
export function scoreChangeText(delta: number): string {
  if (delta === 0) return 'The score did not change.';
  const points = Math.abs(delta) === 1 ? 'point' : 'points';
  return delta > 0
    ? `The score rose by ${delta} ${points}.`
    : `The score fell by ${-delta} ${points}.`;
}
