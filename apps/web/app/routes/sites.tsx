import { PATHS } from '@crawlwise/shared/routes';
import { Navigate } from 'react-router';
import { AppLink } from '../components/app-link.tsx';
import { Container } from '../components/ui/container.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useAuth } from '../features/auth/use-auth.ts';
import { SiteVerificationsScreen } from '../features/site-check/site-verifications-screen.tsx';

export function meta() {
  return [{ title: 'Your Sites | Crawlwise' }, { name: 'robots', content: 'noindex' }];
}

/**
 * /sites: the account's sites and their ownership verification (docs/site-checks.md › Site
 * ownership verification). Signed-in only; reached from the profile and the start form.
 */
export default function SitesRoute() {
  const auth = useAuth();
  if (auth.status === 'signed-out') return <Navigate to={PATHS.auth} replace />;
  return (
    <Container className="space-y-6 py-10">
      <div>
        <h1 className="text-3xl font-bold">Your Sites</h1>
        <p className="mt-2 text-slate-600">
          <AppLink to={PATHS.siteCheck} className="font-medium text-brand-700 underline">
            Check a whole site
          </AppLink>
        </p>
      </div>
      {auth.status === 'loading' ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading" className="size-6" />
        </div>
      ) : (
        <SiteVerificationsScreen />
      )}
    </Container>
  );
}
