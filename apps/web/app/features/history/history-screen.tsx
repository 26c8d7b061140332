import { catalogueEntry } from '@crawlwise/shared/error-catalogue';
import { REPORT_EXPIRY_DAYS } from '@crawlwise/shared/limits';
import { PAGE_HISTORY_MAX_REPORTS } from '@crawlwise/shared/page-history';
import { PATHS } from '@crawlwise/shared/routes';
import { AppLink } from '../../components/app-link.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { HistoryTable } from './history-table.tsx';
import { ScoreTrendChart } from './score-trend-chart.tsx';
import { usePageHistory } from './use-page-history.ts';

/** The history of one page for its signed-in owner: the score trend, then every report. */
export function HistoryScreen({ url }: { url: string }) {
  const state = usePageHistory(url);
  return (
    <Container className="min-h-svh space-y-6 py-10">
      <div className="min-w-0">
        <h1 className="text-3xl font-bold">Page history</h1>
        <p className="mt-1 break-all text-slate-600">
          {state.status === 'success' ? state.data.url : url}
        </p>
      </div>
      {state.status === 'error' ? (
        <HistoryError code={state.error} message={state.message} />
      ) : state.status !== 'success' ? (
        <Card className="flex items-center gap-3 text-slate-600">
          <Spinner />
          Loading the history...
        </Card>
      ) : state.data.reports.length === 0 ? (
        <Card>
          <p className="font-semibold text-slate-900">No reports of this page yet</p>
          <p className="mt-1 text-slate-700">
            Reports you run of this address while signed in appear here for {REPORT_EXPIRY_DAYS}{' '}
            days each.
          </p>
          <AppLink
            to={PATHS.profile}
            className="mt-3 inline-block font-medium text-brand-700 underline"
          >
            Back to your reports
          </AppLink>
        </Card>
      ) : (
        <>
          <Card>
            <section aria-labelledby="trend-heading">
              <h2 id="trend-heading" className="text-lg font-semibold text-slate-900">
                Score over time
              </h2>
              <div className="mt-4">
                <ScoreTrendChart entries={state.data.reports} />
              </div>
            </section>
          </Card>
          <Card>
            <section aria-labelledby="reports-heading">
              <h2 id="reports-heading" className="text-lg font-semibold text-slate-900">
                Every report of this page
              </h2>
              {state.data.total > state.data.reports.length ? (
                <p className="mt-1 text-sm text-slate-700">
                  The newest {PAGE_HISTORY_MAX_REPORTS} of {state.data.total} reports.
                </p>
              ) : null}
              <div className="mt-3">
                <HistoryTable entries={state.data.reports} />
              </div>
            </section>
          </Card>
        </>
      )}
    </Container>
  );
}

function HistoryError({
  code,
  message,
}: {
  code: Parameters<typeof catalogueEntry>[0];
  message?: string;
}) {
  const entry = catalogueEntry(code);
  return (
    <Card className="border-red-200 bg-red-50" role="alert">
      <p className="font-semibold text-red-800">Error: {entry.title}</p>
      <p className="mt-1 text-red-700">{message ?? entry.description}</p>
      <AppLink
        to={PATHS.profile}
        className="mt-3 inline-block text-sm font-medium text-red-800 underline"
      >
        Back to your reports
      </AppLink>
    </Card>
  );
}
