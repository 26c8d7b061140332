import { progressText } from '@crawlwise/shared/display';
import { catalogueEntry, isErrorCode } from '@crawlwise/shared/error-catalogue';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import type { Report } from './api/get-report.ts';

const isFailure = (status: string) => status === 'failed' || status === 'error';

/** The failure wording: the report's own message wins over the catalogue's description. */
export function failureDetails(report: Report) {
  const entry = catalogueEntry(
    isErrorCode(report.error_code) ? report.error_code : 'analysis_failed',
  );
  return { description: report.error_message || entry.description, action: entry.action };
}

export function ProgressCard({ report, progress }: { report: Report; progress: number }) {
  if (isFailure(report.status)) {
    const { description, action } = failureDetails(report);
    return (
      <Card className="border-red-200 bg-red-50" role="alert">
        <div className="flex items-start gap-3">
          <CircleAlert className="mt-0.5 size-6 shrink-0 text-red-600" aria-hidden />
          <div>
            <h2 className="text-lg font-semibold text-red-800">Analysis Failed</h2>
            <p className="mt-1 text-red-700">{description}</p>
            {action ? <p className="mt-2 text-sm text-red-700">{action}</p> : null}
          </div>
        </div>
      </Card>
    );
  }

  const complete = report.status === 'completed' && progress >= 100;
  const percent = Math.round(progress);
  const pendingEntry =
    report.status === 'queued' || report.status === 'analyzing'
      ? catalogueEntry(report.status)
      : null;
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
        className={cn(
          'mt-3 flex items-center gap-2 text-sm',
          complete ? 'font-medium text-green-700' : 'text-slate-600',
        )}
      >
        {complete ? (
          <>
            <CircleCheck className="size-4" aria-hidden />
            Analysis Complete ✓
          </>
        ) : (
          <>
            <Spinner />
            {progressText(progress)}
          </>
        )}
      </p>
      {pendingEntry && !complete ? (
        <p className="mt-1 text-xs text-slate-500">{pendingEntry.description}</p>
      ) : null}
    </Card>
  );
}
