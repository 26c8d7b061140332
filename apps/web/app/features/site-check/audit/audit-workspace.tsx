import { AUDIT_TABS, type AuditTab } from '@crawlwise/shared/api/site-audit-basics';
import { siteCheckTone } from '@crawlwise/shared/display';
import { SITE_CHECK_POLL_INTERVAL_MS } from '@crawlwise/shared/site-check';
import { lazy, Suspense } from 'react';
import { AppLink } from '../../../components/app-link.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';
import { fetchAuditOverview } from '../api/site-audit-api.ts';
import { pagesStillChanging, statusLabel } from '../api/site-check-api.ts';
import { auditHref, useAuditAddress } from './audit-address.ts';
import { OverviewView } from './overview-view.tsx';

/*
 * The Overview is the screen's first view and is in the route's own code (preloaded with the
 * /site-check page); every other view, and the one-page site report of sitemap and list checks,
 * is a chunk of its own loaded when shown (issue 20.6: the Overview of a 10,000-page crawl in
 * 1.5 s).
 */
const CompareView = lazy(() =>
  import('./compare-view.tsx').then((module) => ({ default: module.CompareView })),
);
const DuplicatesView = lazy(() =>
  import('./duplicates-view.tsx').then((module) => ({ default: module.DuplicatesView })),
);
const IssuesView = lazy(() =>
  import('./issues-view.tsx').then((module) => ({ default: module.IssuesView })),
);
const LinksView = lazy(() =>
  import('./links-view.tsx').then((module) => ({ default: module.LinksView })),
);
const PagesView = lazy(() =>
  import('./pages-view.tsx').then((module) => ({ default: module.PagesView })),
);
const StructureView = lazy(() =>
  import('./structure-view.tsx').then((module) => ({ default: module.StructureView })),
);
const SiteCheckView = lazy(() =>
  import('../site-check-view.tsx').then((module) => ({ default: module.SiteCheckView })),
);

const TAB_LABELS: Record<AuditTab, string> = {
  overview: 'Overview',
  issues: 'Issues',
  pages: 'Pages',
  links: 'Links',
  structure: 'Structure',
  duplicates: 'Duplicates',
};

/**
 * A crawl's site audit (issue 20): a header with the site and its state, a row of view links
 * (each view has its own address), and the view. The overview is asked for on every view: it
 * carries the check's state, so every view knows whether the crawl is still at work.
 *
 * Sitemap and list checks have no links to audit: they keep the one-page site report, and so
 * does any check the audit endpoints cannot answer for.
 */
export function SiteAuditWorkspace({ id }: { id: string }) {
  const { params, tab, compare } = useAuditAddress();
  const overview = useApiQuery((signal) => fetchAuditOverview(id, signal), [id], {
    refetchInterval: ({ siteCheck }) =>
      pagesStillChanging(siteCheck) ? SITE_CHECK_POLL_INTERVAL_MS : false,
    keepDataOnTransientError: true,
  });
  if (overview.status === 'error' && overview.data === undefined) return <SiteReport id={id} />;
  if (overview.data === undefined) return <Loading label="Loading the site audit" />;
  const { siteCheck } = overview.data;
  if (siteCheck.source !== 'crawl') return <SiteReport id={id} />;
  const live = pagesStillChanging(siteCheck);
  return (
    <div className="space-y-6">
      <Card className="p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="min-w-0 text-lg font-semibold break-all text-slate-900">
            {siteCheck.siteUrl}
          </p>
          <Badge tone={siteCheckTone(siteCheck.status)}>{statusLabel(siteCheck)}</Badge>
        </div>
      </Card>
      <nav aria-label="Site audit views" className="-mx-4 overflow-x-auto px-4">
        <ul className="flex min-w-max gap-1 border-b border-slate-200">
          {AUDIT_TABS.map((each) => {
            const current = !compare && each === tab;
            return (
              <li key={each}>
                <AppLink
                  to={auditHref(params, { tab: each }, { fresh: true })}
                  aria-current={current ? 'page' : undefined}
                  preventScrollReset
                  className={cn(
                    '-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium',
                    current
                      ? 'border-brand-600 text-brand-700'
                      : 'border-transparent text-slate-600 hover:text-slate-900',
                  )}
                >
                  {TAB_LABELS[each]}
                </AppLink>
              </li>
            );
          })}
        </ul>
      </nav>
      {!compare && tab === 'overview' ? (
        <OverviewView data={overview.data} onCancelled={overview.refetch} />
      ) : (
        // Below the header and the tabs, which stay where they are while a view's code loads
        // (a shift there follows the reader's click, which layout-shift scores leave out).
        <Suspense fallback={<Loading label="Loading the view" />}>
          {compare ? (
            <CompareView id={id} otherId={compare} />
          ) : tab === 'issues' ? (
            <IssuesView id={id} live={live} />
          ) : tab === 'pages' ? (
            <PagesView id={id} live={live} />
          ) : tab === 'links' ? (
            <LinksView id={id} live={live} />
          ) : tab === 'structure' ? (
            <StructureView id={id} live={live} />
          ) : (
            <DuplicatesView id={id} live={live} />
          )}
        </Suspense>
      )}
    </div>
  );
}

/** The one-page site report (a sitemap or list check), its loading state while its code loads. */
function SiteReport({ id }: { id: string }) {
  return (
    <Suspense fallback={<Loading label="Loading the site check" />}>
      <SiteCheckView id={id} />
    </Suspense>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner label={label} className="size-6" />
    </div>
  );
}
