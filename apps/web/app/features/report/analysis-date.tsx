import type { Report } from '@crawlwise/shared/report';

/** When the page was analysed: completion time, else when the report was created. */
export function AnalysisDate({ report }: { report: Pick<Report, 'completed_at' | 'created_at'> }) {
  const iso = report.completed_at ?? report.created_at;
  const date = new Date(iso);
  return (
    <p className="text-sm text-slate-700">
      Analysed on{' '}
      <time dateTime={iso}>
        {date.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })}
      </time>
    </p>
  );
}
