import { CATEGORY_LABEL } from '@crawlwise/shared/category-labels';
import { Lock } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import type { FindingChange, FindingChangeKind, FindingSide } from './compare-model.ts';
import { CHANGE_HEADINGS, changesOfKind } from './compare-model.ts';

const SEVERITY_TONE = { critical: 'red', warning: 'yellow', success: 'green' } as const;
const SEVERITY_LABEL = { critical: 'Critical', warning: 'Warning', success: 'Passed' } as const;

function Side({ side, when }: { side: FindingSide | null; when: string }) {
  if (!side) return <p className="text-sm text-slate-700">{when}: not checked</p>;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
      <span className="text-slate-700">{when}:</span>
      <Badge tone={SEVERITY_TONE[side.severity]}>{SEVERITY_LABEL[side.severity]}</Badge>
      {side.locked ? (
        <span className="inline-flex items-center gap-1 text-slate-700">
          <Lock className="size-3.5" aria-hidden />
          Sign in to read this finding
        </span>
      ) : (
        <span className="wrap-anywhere">{side.message}</span>
      )}
    </p>
  );
}

/** The findings that are new, changed or fixed, one list per kind. */
export function FindingChanges({
  findings,
  unchanged,
}: {
  findings: readonly FindingChange[];
  unchanged: number;
}) {
  const kinds: FindingChangeKind[] = ['new', 'changed', 'fixed'];
  return (
    <div className="space-y-6">
      {kinds.map((kind) => {
        const changes = changesOfKind(findings, kind);
        const headingId = `findings-${kind}`;
        return (
          <section key={kind} aria-labelledby={headingId} data-testid={`findings-${kind}`}>
            <h3 id={headingId} className="font-semibold text-slate-900">
              {CHANGE_HEADINGS[kind]} ({changes.length})
            </h3>
            {changes.length === 0 ? (
              <p className="mt-1 text-sm text-slate-700">None.</p>
            ) : (
              <ul className="mt-2 space-y-3">
                {changes.map((change) => (
                  <li
                    key={change.id}
                    className="rounded-xl border border-slate-200 p-3"
                    data-check={change.id}
                  >
                    <p className="text-xs font-medium tracking-wide text-slate-700 uppercase">
                      {CATEGORY_LABEL[change.category]} · <code>{change.id}</code>
                    </p>
                    <div className="mt-1 space-y-1">
                      {kind !== 'new' ? <Side side={change.before} when="Before" /> : null}
                      {kind !== 'fixed' || change.after ? (
                        <Side side={change.after} when="After" />
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      <p className="text-sm text-slate-700">
        {unchanged === 1
          ? '1 problem is in both reports unchanged.'
          : `${unchanged} problems are in both reports unchanged.`}
      </p>
    </div>
  );
}
