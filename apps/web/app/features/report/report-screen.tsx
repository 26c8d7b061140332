import { catalogueEntry } from '@crawlwise/shared/error-catalogue';
import { PATHS } from '@crawlwise/shared/routes';
import { CircleAlert, RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { AppLink } from '../../components/app-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AnalysisDate } from './analysis-date.tsx';
import { CategoryOverview } from './category-overview.tsx';
import { FailureBox, RedBox, type RerunControl } from './failure-box.tsx';
import { FullReport } from './full-report.tsx';
import { ProgressCard } from './progress-card.tsx';
import { ReportDownloads } from './report-downloads.tsx';
import { ReportHistoryLinks } from './report-history-links.tsx';
import { isFailure } from './report-stages.ts';
import { ScoreRing } from './score-ring.tsx';
import { SummaryTiles } from './summary-tiles.tsx';
import { TopIssues } from './top-issues.tsx';
import { UnlockBanner } from './unlock-banner.tsx';
import type { ReportScreenState } from './use-report-screen.ts';

export const MISSING_TOKEN_TEXT =
  'No access token provided. Please submit a URL from the homepage.';

export interface ReportScreenProps extends ReportScreenState {
  /** Rerun Analysis and Try again: a new report of the same address (docs/report-states.md). */
  rerun: RerunControl;
  /** The URL bar offered once the report has an outcome, to check another page. */
  anotherPage?: ReactNode;
}

export function ReportScreen({
  accessToken,
  report,
  error,
  loading,
  progress,
  stage,
  held,
  pendingForMs,
  resultsShown,
  rerun,
  anotherPage,
}: ReportScreenProps) {
  const showResults = resultsShown && report?.status === 'completed';
  const resultsHeading = useResultsFocus(showResults);
  if (!accessToken) {
    return (
      <Container className="py-16">
        <h1 className="text-3xl font-bold">SEO Report</h1>
        <Card className="mt-6">
          <p className="text-slate-700">{MISSING_TOKEN_TEXT}</p>
          <AppLink
            to={PATHS.home}
            className="mt-4 inline-block font-medium text-brand-700 underline"
          >
            Go to the homepage
          </AppLink>
        </Card>
      </Container>
    );
  }

  const failed = Boolean(report && isFailure(report.status));
  const errorEntry = error ? catalogueEntry(error) : null;

  // Space is reserved so nothing on screen moves as the report arrives (layout shift under 0.02):
  // the address line is there before the address is known, and the screen is at least as tall
  // as the viewport, so the results grow into it and push only an off-screen footer.
  return (
    <Container className="min-h-svh space-y-6 py-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold">SEO Report</h1>
          <p className="mt-1 min-h-6 break-all text-slate-600">{report?.url ?? '\u00a0'}</p>
          {report ? (
            <AnalysisDate
              report={report}
              outcomeShown={showResults || failed}
              className="min-h-5 text-sm text-slate-600"
            />
          ) : (
            <p className="min-h-5 text-sm">{'\u00a0'}</p>
          )}
        </div>
        {/* Rerun starts a new report of the address; the one on screen keeps its link. */}
        <Button
          variant="outline"
          onClick={rerun.start}
          disabled={!(showResults || failed) || rerun.starting}
          aria-busy={rerun.starting}
        >
          {rerun.starting ? <Spinner /> : <RefreshCw className="size-4" aria-hidden />}
          Rerun Analysis
        </Button>
      </div>
      {rerun.error ? (
        <p role="alert" className="-mt-2 flex items-start gap-1.5 text-sm text-red-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {rerun.error}
        </p>
      ) : null}

      {errorEntry ? (
        <RedBox>
          <p className="font-semibold text-red-800">Error: {errorEntry.title}</p>
          <p className="mt-1 text-red-800">{errorEntry.description}</p>
          {errorEntry.action ? (
            <p className="mt-2 text-sm text-red-800">{errorEntry.action}</p>
          ) : null}
          <AppLink
            to={PATHS.home}
            className="mt-3 inline-block text-sm font-medium text-red-800 underline"
          >
            Run a new analysis
          </AppLink>
        </RedBox>
      ) : loading || !report ? (
        <Card className="flex items-center gap-3 text-slate-600">
          <Spinner />
          Loading report...
        </Card>
      ) : failed ? (
        <FailureBox report={report} rerun={rerun} />
      ) : (
        <ProgressCard status={report.status} view={{ progress, stage, held, pendingForMs }} />
      )}

      {showResults && report ? (
        <section aria-labelledby="results-heading" className="space-y-6">
          <h2 id="results-heading" ref={resultsHeading} tabIndex={-1} className="sr-only">
            Results: score {report.score} out of 100
          </h2>
          <ReportDownloads accessToken={accessToken} access={report.access} />
          <ReportHistoryLinks report={report} accessToken={accessToken} />
          <div className="grid grid-cols-1 gap-6 md:grid-cols-[280px_minmax(0,1fr)]">
            <ScoreRing score={typeof report.score === 'number' ? report.score : 0} />
            <TopIssues issues={report.issues} accessToken={accessToken} />
          </div>
          <SummaryTiles meta={report.meta_json} issues={report.issues} />
          {/* The server decides what this reader may see (report.access); the view follows it. */}
          {report.access === 'full' ? (
            <FullReport report={report} />
          ) : (
            <>
              <CategoryOverview report={report} accessToken={accessToken} />
              <UnlockBanner accessToken={accessToken} />
            </>
          )}
        </section>
      ) : null}

      {anotherPage && (showResults || failed || errorEntry) ? (
        <section aria-labelledby="check-another-page" className="pt-4">
          <h2 id="check-another-page" className="text-xl font-semibold text-slate-900">
            Check another page
          </h2>
          <div className="mt-3">{anotherPage}</div>
        </section>
      ) : null}
    </Container>
  );
}

/**
 * When the results appear while the visitor waits (not when a finished report is opened), focus
 * moves to their heading, so a screen reader reads on from the results instead of staying on the
 * page's start with only "Analysis Complete" announced (issue 27).
 */
function useResultsFocus(shown: boolean) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shownAtStart = useRef(shown);
  useEffect(() => {
    if (shown && !shownAtStart.current) heading.current?.focus();
  }, [shown]);
  return heading;
}
