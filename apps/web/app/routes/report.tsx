import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Container } from '../components/ui/container.tsx';
import { WatchPageControl } from '../features/monitoring/watch-page-control.tsx';
import { NewsletterPrompt } from '../features/newsletter/newsletter-modal.tsx';
import type { RerunControl } from '../features/report/failure-box.tsx';
import { ReportScreen } from '../features/report/report-screen.tsx';
import { isFailure } from '../features/report/report-stages.ts';
import { useReportScreen } from '../features/report/use-report-screen.ts';
import { UrlBar } from '../features/url-bar/url-bar.tsx';
import { useUrlSubmission } from '../features/url-bar/use-url-submission.ts';
import { isFreshSubmission } from '../lib/report-navigation.ts';

export function meta() {
  // A report belongs to whoever holds its link: keep it out of search results.
  return [{ title: 'SEO Report | Crawlwise' }, { name: 'robots', content: 'noindex' }];
}

/**
 * The server adds link-preview tags to this screen's HTML (apps/server routes/report-preview.ts);
 * once the app renders its own title and tags they would only repeat them.
 */
function useDropServerPreviewTags() {
  useEffect(() => {
    for (const tag of document.head.querySelectorAll('[data-report-preview]')) tag.remove();
  }, []);
}

/**
 * Whether the visitor has just asked for this report, read once when its screen opens. Once the
 * run has been shown, the mark is taken off the history entry, so reloading or coming back to
 * the report later shows it at once instead of playing the run again.
 */
function useFreshSubmission(played: boolean): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const [fresh] = useState(() => isFreshSubmission(location.state));
  useEffect(() => {
    // Rerun opens the new report on the same path, where the router keeps the scroll position.
    if (fresh) window.scrollTo({ top: 0, left: 0 });
  }, [fresh]);
  const marked = isFreshSubmission(location.state);
  useEffect(() => {
    if (played && marked) {
      navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    }
  }, [played, marked, navigate, location.pathname, location.search]);
  return fresh;
}

/** Rerun Analysis and Try again: the URL bar's own creation path, with the report's address. */
function useRerun(url: string | undefined): RerunControl {
  const { state, submit } = useUrlSubmission();
  return {
    start: () => {
      if (url) void submit(url);
    },
    starting: state.status === 'submitting',
    error: state.status === 'error' ? state.message : null,
  };
}

/** One report's screen; a new token (after Rerun) mounts a new one with its own progress. */
function ReportView({ accessToken }: { accessToken: string | null }) {
  const [played, setPlayed] = useState(false);
  const fresh = useFreshSubmission(played);
  const screen = useReportScreen(accessToken, fresh);
  const { report, resultsShown } = screen;
  const finished = resultsShown || isFailure(report?.status);
  useEffect(() => {
    if (finished) setPlayed(true);
  }, [finished]);
  const rerun = useRerun(report?.url);
  return (
    <>
      <ReportScreen {...screen} rerun={rerun} anotherPage={<UrlBar buttonLabel="Check page" />} />
      {/* Monitoring (docs/monitoring.md): offered under a finished report, signed-in only. */}
      {report && screen.accessToken && resultsShown && report.status === 'completed' ? (
        <Container className="-mt-4 pb-10">
          <WatchPageControl url={report.url} accessToken={screen.accessToken} />
        </Container>
      ) : null}
      {report ? (
        <NewsletterPrompt
          active={resultsShown && report.status === 'completed'}
          urlId={report.url_id}
          reportId={report.id}
        />
      ) : null}
    </>
  );
}

export default function ReportRoute() {
  useDropServerPreviewTags();
  const [searchParams] = useSearchParams();
  const accessToken = searchParams.get('token');
  return <ReportView key={accessToken ?? ''} accessToken={accessToken} />;
}
