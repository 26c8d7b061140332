import type { PageHistoryResponse } from '@crawlwise/shared/page-history';
import { previousCompleted } from '@crawlwise/shared/page-history-order';
import type { Report } from '@crawlwise/shared/report';
import { PATHS } from '@crawlwise/shared/routes';
import { ChartLine, GitCompareArrows } from 'lucide-react';
import { AppLink } from '../../components/app-link.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { getPageHistory } from '../history/index.ts';

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
  const ask = report.access === 'full' && report.status === 'completed';
  // A failure only means no links: the report itself is what the reader came for.
  const history = useApiQuery((signal) => getPageHistory(report.url, signal), [report.url], {
    enabled: ask,
  });
  const links = history.status === 'success' ? linksFrom(history.data, accessToken) : null;

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

/** The links, when this report is in its reader's own history of the page. */
function linksFrom(history: PageHistoryResponse, accessToken: string): Links | null {
  const own = history.reports.some((entry) => entry.access_token === accessToken);
  if (!own) return null;
  const previous = previousCompleted(history.reports, accessToken);
  return { historyUrl: history.url, previousToken: previous?.access_token ?? null };
}
