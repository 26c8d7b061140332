import type { Report } from '@crawlwise/shared/report';
import { isFailure } from './report-stages.ts';

type DatedReport = Pick<Report, 'status' | 'completed_at' | 'created_at'>;

/**
 * When the page was analysed (or failed): completion time, else when the report was created.
 * `outcomeShown` false (a run still playing on screen): the submission time, so the header does
 * not say "Analysed" above a card that is still analysing.
 */
export function AnalysisDate({
  report,
  outcomeShown = true,
  className,
}: {
  report: DatedReport;
  outcomeShown?: boolean;
  className?: string;
}) {
  const finished = outcomeShown && (report.status === 'completed' || isFailure(report.status));
  const label = !finished
    ? 'Submitted on'
    : report.status === 'completed'
      ? 'Analysed on'
      : 'Failed on';
  const iso = (finished ? report.completed_at : null) ?? report.created_at;
  const date = new Date(iso);
  return (
    <p className={className ?? 'text-sm text-slate-700'}>
      {label}{' '}
      <time dateTime={iso}>
        {date.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })}
      </time>
    </p>
  );
}
