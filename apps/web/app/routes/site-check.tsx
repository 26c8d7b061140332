import { PATHS } from '@crawlwise/shared/routes';
import { MAX_SITE_CHECK_PAGES } from '@crawlwise/shared/site-check';
import { lazy, Suspense } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../components/app-link.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Container } from '../components/ui/container.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { sessionStore } from '../features/auth/session-store.ts';
import { useAuth } from '../features/auth/use-auth.ts';
import { prefetchAuditOverview } from '../features/site-check/api/site-audit-api.ts';
import { SiteAuditWorkspace } from '../features/site-check/audit/audit-workspace.tsx';

// The workspace's first two requests, the session and the check's overview, start as soon as
// this screen's code runs on its own address, before React renders it: neither waits for the
// render nor for the other (the Overview of a 10,000-page crawl in 1.5 s, issue 20.6).
if (typeof window !== 'undefined' && window.location.pathname === PATHS.siteCheck) {
  const id = new URLSearchParams(window.location.search).get('id');
  if (id) {
    sessionStore.ensureLoaded();
    prefetchAuditOverview(id);
  }
}

/**
 * The start form (and the validation library it brings) is not on the audit workspace's way: a
 * chunk of its own, loaded on /site-check without an id (issue 20.6).
 */
const StartSiteCheckForm = lazy(() =>
  import('../features/site-check/start-form.tsx').then((module) => ({
    default: module.StartSiteCheckForm,
  })),
);

export function meta() {
  return [{ title: 'Site Check | Crawlwise' }, { name: 'robots', content: 'noindex' }];
}

/**
 * /site-check: start a whole-site check (signed in); /site-check?id=…: a crawl's audit workspace
 * (`&tab=…` and each view's filters in the address), or the one-page site report of a sitemap or
 * list check (docs/site-checks.md).
 */
export default function SiteCheckRoute() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Container className="min-h-svh space-y-6 py-10">
      <div>
        <h1 className="text-3xl font-bold">{id ? 'Site Report' : 'Check a Whole Site'}</h1>
        {id ? null : (
          <p className="mt-2 max-w-2xl text-slate-600">
            Analyze up to {MAX_SITE_CHECK_PAGES} pages of one site, then see what only shows across
            pages: duplicate titles and descriptions, canonicals, pages robots.txt blocks, and
            sitemap entries that redirect or fail. Following links also finds broken and redirected
            internal links, orphan and deep pages, near-duplicates and hreflang without return
            links, and gives the site a score.
          </p>
        )}
      </div>
      {auth.status === 'loading' ? (
        <Loading />
      ) : auth.status === 'signed-out' ? (
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Sign in to check a whole site</h2>
          <p className="mt-1 text-slate-600">
            Site checks are free during the beta for signed-in users.
          </p>
          <AppLink to={PATHS.auth} className={`${buttonClasses('primary')} mt-4`}>
            Sign in
          </AppLink>
        </Card>
      ) : id ? (
        <SiteAuditWorkspace id={id} />
      ) : (
        <Suspense fallback={<Loading />}>
          <StartSiteCheckForm onStarted={(started) => void navigate(PATHS.siteCheckFor(started))} />
        </Suspense>
      )}
    </Container>
  );
}

function Loading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner label="Loading" className="size-6" />
    </div>
  );
}
