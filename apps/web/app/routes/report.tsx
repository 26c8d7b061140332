import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Container } from '../components/ui/container.tsx';
import { WatchPageControl } from '../features/monitoring/watch-page-control.tsx';
import { NewsletterPrompt } from '../features/newsletter/newsletter-modal.tsx';
import { ReportScreen } from '../features/report/report-screen.tsx';
import { useReportScreen } from '../features/report/use-report-screen.ts';

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

export default function ReportRoute() {
  useDropServerPreviewTags();
  const [searchParams] = useSearchParams();
  const screen = useReportScreen(searchParams.get('token'));
  const { report, resultsShown } = screen;
  return (
    <>
      <ReportScreen {...screen} />
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
