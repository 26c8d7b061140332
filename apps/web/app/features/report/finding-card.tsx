import type { Tone } from '@crawlwise/shared/display';
import type { Outcome, ScoredFinding } from '@crawlwise/shared/report';
import { Badge } from '../../components/ui/badge.tsx';
import { CodeSnippet } from '../../components/ui/copy-button.tsx';
import { DetailList, hasVisibleDetails } from './finding-details.tsx';
import { findingAnchor, fixSnippet } from './report-model.ts';

const OUTCOME_LABEL: Record<Outcome, string> = {
  passed: 'Passed',
  failed: 'Failed',
  not_applicable: 'Not applicable',
  skipped: 'Skipped',
};

/** The badge a finding wears: its severity when it needs attention, else its outcome. */
export function outcomeBadge(finding: ScoredFinding): { label: string; tone: Tone } {
  if (finding.severity === 'critical') return { label: 'Critical', tone: 'red' };
  if (finding.severity === 'warning') {
    return { label: finding.outcome === 'skipped' ? 'Skipped' : 'Warning', tone: 'yellow' };
  }
  return {
    label: OUTCOME_LABEL[finding.outcome],
    tone: finding.outcome === 'passed' ? 'green' : 'gray',
  };
}

/**
 * One finding in full: outcome, why, how to fix (with copyable code when the check wrote some)
 * and its details behind a disclosure. Its heading sits under its category's h3 (full-report.tsx).
 */
export function FindingCard({ finding }: { finding: ScoredFinding }) {
  const badge = outcomeBadge(finding);
  const snippet = fixSnippet(finding);
  return (
    <article
      id={findingAnchor(finding.id).slice(1)}
      // The ledger links here; focus follows the link so keyboard users land on the card.
      tabIndex={-1}
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 wrap-anywhere focus:outline-2 focus:outline-brand-600"
      data-check={finding.id}
      aria-label={finding.message}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={badge.tone}>{badge.label}</Badge>
        {finding.points > 0 ? (
          <span className="text-xs font-semibold text-red-700">−{finding.points} points</span>
        ) : null}
        <code className="text-xs text-slate-600">{finding.id}</code>
      </div>
      <h4 className="mt-2 font-semibold text-slate-900">{finding.message}</h4>
      <p className="mt-1 text-sm text-slate-700">{finding.why}</p>
      {finding.howToFix ? (
        <div className="mt-3">
          <p className="text-sm font-semibold text-slate-900">How to fix</p>
          <p className="mt-1 text-sm text-slate-700">{finding.howToFix}</p>
        </div>
      ) : null}
      {snippet ? <CodeSnippet code={snippet} label="Fix snippet" /> : null}
      {hasVisibleDetails(finding.details) ? (
        <details className="mt-3 rounded-lg border border-slate-200 px-3 py-2">
          <summary className="cursor-pointer text-sm font-medium text-slate-800">Details</summary>
          <div className="mt-2">
            <DetailList details={finding.details} />
          </div>
        </details>
      ) : null}
    </article>
  );
}

/** Passed (and not applicable, and quietly skipped) checks: one collapsed list. */
export function PassedChecks({ findings }: { findings: readonly ScoredFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <details className="rounded-xl border border-slate-200 bg-white px-4 py-3 wrap-anywhere">
      <summary className="cursor-pointer font-medium text-slate-800">
        {findings.length} passed check{findings.length === 1 ? '' : 's'}
      </summary>
      <ul className="mt-3 space-y-3">
        {findings.map((finding) => {
          const badge = outcomeBadge(finding);
          return (
            <li key={finding.id} className="text-sm" data-check={finding.id}>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={badge.tone}>{badge.label}</Badge>
                <span className="font-medium text-slate-900">{finding.message}</span>
              </div>
              <p className="mt-1 text-slate-700">{finding.why}</p>
              {hasVisibleDetails(finding.details) ? (
                <details className="mt-1">
                  <summary className="cursor-pointer text-slate-800">Details</summary>
                  <div className="mt-2">
                    <DetailList details={finding.details} />
                  </div>
                </details>
              ) : null}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
