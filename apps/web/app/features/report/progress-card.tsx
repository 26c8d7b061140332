import { catalogueEntry } from '@crawlwise/shared/error-catalogue';
import { CircleCheck } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { STAGES, slowNotice, statusLine } from './report-stages.ts';
import { StageList } from './stage-list.tsx';
import type { AnalysisProgress } from './use-analysis-progress.ts';

export type ProgressView = Pick<AnalysisProgress, 'progress' | 'stage' | 'held' | 'pendingForMs'>;

/** The analysis progress card of a queued, analysing or completed report (spec point 4). */
export function ProgressCard({ status, view }: { status: string; view: ProgressView }) {
  const complete = view.stage === 'complete';
  const percent = Math.round(view.progress);
  const line = complete ? 'Analysis Complete ✓' : statusLine(view.progress, status, view.held);
  const notice = slowNotice(status, view.pendingForMs);
  const pendingEntry =
    status === 'queued' || status === 'analyzing' ? catalogueEntry(status) : null;
  return (
    <Card>
      <div className="flex items-center justify-between gap-4">
        <h2 className="font-semibold text-slate-900">Analysis Progress</h2>
        <span className="text-sm font-medium text-slate-600">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Analysis progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%: ${STAGES.find((stage) => stage.id === view.stage)?.label}`}
        className="mt-3 h-3 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-200 ease-linear',
            complete ? 'bg-green-500' : 'bg-brand-600',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p
        aria-live="polite"
        data-testid="progress-status"
        className={cn(
          'mt-3 flex items-center gap-2 text-sm',
          complete ? 'font-medium text-green-700' : 'text-slate-600',
        )}
      >
        {complete ? <CircleCheck className="size-4" aria-hidden /> : <Spinner />}
        {line}
      </p>
      <StageList current={view.stage} />
      {notice ? (
        <p role="status" className="mt-3 text-sm text-slate-700">
          {notice}
        </p>
      ) : pendingEntry && !complete ? (
        <p className="mt-3 text-xs text-slate-600">{pendingEntry.description}</p>
      ) : null}
    </Card>
  );
}
