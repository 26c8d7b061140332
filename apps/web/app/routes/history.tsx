import { PATHS } from '@crawlwise/shared/routes';
import { useSearchParams } from 'react-router';
import { AppLink } from '../components/app-link.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Container } from '../components/ui/container.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useAuth } from '../features/auth/use-auth.ts';
import { HistoryScreen } from '../features/history/history-screen.tsx';

export function meta() {
  return [{ title: 'Page History | Crawlwise' }, { name: 'robots', content: 'noindex' }];
}

/**
 * /history?url=: a page's history is its owner's, so a signed-out visitor is asked to sign in
 * and comes back here afterwards (the report screen's unlock pattern).
 */
export default function HistoryRoute() {
  const auth = useAuth();
  const [searchParams] = useSearchParams();
  const url = searchParams.get('url')?.trim() ?? '';
  if (auth.status === 'loading') {
    return (
      <Container className="flex min-h-svh justify-center py-24">
        <Spinner label="Loading" className="size-6" />
      </Container>
    );
  }
  if (auth.status === 'signed-out') {
    return (
      <Container className="min-h-svh py-10">
        <h1 className="text-3xl font-bold">Page history</h1>
        <Card className="mt-6">
          <p className="font-semibold text-slate-900">Sign in to see the history of a page</p>
          <p className="mt-1 text-slate-700">
            The history lists every report you ran of one address, with its score over time.
          </p>
          <AppLink
            to={url ? PATHS.authThenReturnTo(PATHS.historyFor(url)) : PATHS.auth}
            className={`${buttonClasses('primary')} mt-4`}
          >
            Sign in
          </AppLink>
        </Card>
      </Container>
    );
  }
  if (!url) {
    return (
      <Container className="min-h-svh py-10">
        <h1 className="text-3xl font-bold">Page history</h1>
        <Card className="mt-6">
          <p className="text-slate-700">No page address given. Open a history from your reports.</p>
          <AppLink
            to={PATHS.profile}
            className="mt-3 inline-block font-medium text-brand-700 underline"
          >
            Go to your reports
          </AppLink>
        </Card>
      </Container>
    );
  }
  return <HistoryScreen url={url} />;
}
