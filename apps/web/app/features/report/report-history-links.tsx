import { previousCompleted } from '@crawlwise/shared/page-history-order';
import type { Report } from '@crawlwise/shared/report';
import { PATHS } from '@crawlwise/shared/routes';
import { ChartLine, GitCompareArrows } from 'lucide-react';
import { useEffect, useState } from 'react';
import { AppLink } from '../../components/app-link.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { getOwnPageHistory } from './api/get-page-history.ts';

interface Links {
  historyUrl: string;
  previousToken: string | null;
}

/**
 * "History of this page" and "Compare with previous" under a report its reader owns. Only a
 * signed-in reader (access full) asks; the links show when the report is in their own history
 * of the page, and the comparison when an earlier completed report exists.
 */
export function ReportHistoryLinks({
  report,
  accessToken,
}: {
  report: Pick<Report, 'url' | 'access' | 'status'>;
  accessToken: string;
}) {
  const [links, setLinks] = useState<Links | null>(null);
  const ask = report.access === 'full' && report.status === 'completed';
  useEffect(() => {
    if (!ask) return;
    const controller = new AbortController();
    getOwnPageHistory(report.url, controller.signal)
      .then((result) => {
        if (!result.ok) return;
        const own = result.data.reports.some((entry) => entry.access_token === accessToken);
        if (!own) return;
        const previous = previousCompleted(result.data.reports, accessToken);
        setLinks({ historyUrl: result.data.url, previousToken: previous?.access_token ?? null });
      })
      .catch(() => {
        // Aborted: the reader left the report.
      });
    return () => controller.abort();
  }, [ask, report.url, accessToken]);

  if (!ask || !links) return null;
  return (
    <nav aria-label="This page over time" className="flex flex-wrap gap-2">
      <AppLink to={PATHS.historyFor(links.historyUrl)} className={buttonClasses('outline', 'sm')}>
        <ChartLine className="size-4" aria-hidden />
        History of this page
      </AppLink>
      {links.previousToken ? (
        <AppLink
          to={PATHS.compareFor(links.previousToken, accessToken)}
          className={buttonClasses('outline', 'sm')}
        >
          <GitCompareArrows className="size-4" aria-hidden />
          Compare with previous
        </AppLink>
      ) : null}
    </nav>
  );
}
