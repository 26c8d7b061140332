import type { Report } from '@crawlwise/shared/report';
import { isFailure } from './report-stages.ts';

type DatedReport = Pick<Report, 'status' | 'completed_at' | 'created_at'>;

/** What the date under the address means for a report in this state. */
function dateLabel(report: DatedReport): string {
  if (report.status === 'completed') return 'Analysed on';
  if (isFailure(report.status)) return 'Failed on';
  return 'Submitted on';
}

/** When the page was analysed (or failed): completion time, else when the report was created. */
export function AnalysisDate({ report, className }: { report: DatedReport; className?: string }) {
  const iso = report.completed_at ?? report.created_at;
  const date = new Date(iso);
  return (
    <p className={className ?? 'text-sm text-slate-700'}>
      {dateLabel(report)}{' '}
      <time dateTime={iso}>
        {date.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })}
      </time>
    </p>
  );
}
