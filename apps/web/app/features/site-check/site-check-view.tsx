import { scoreTone, siteCheckTone, statusTone } from '@crawlwise/shared/display';
import { catalogueEntry } from '@crawlwise/shared/error-catalogue';
import { PATHS } from '@crawlwise/shared/routes';
import {
  externalLinksProgressText,
  isSiteCheckUnderWay,
  SITE_CHECK_POLL_INTERVAL_MS,
  siteCheckProgressText,
} from '@crawlwise/shared/site-check';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { AppLink } from '../../components/app-link.tsx';
import { Address } from '../../components/ui/address.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { WatchSiteControl } from '../monitoring/index.ts';
import {
  fetchSiteReport,
  pagesStillChanging,
  type SiteCheck,
  type SiteReport,
  siteReportCsvUrl,
  statusLabel,
} from './api/site-check-api.ts';
import { CancelSiteCheck } from './cancel-site-check.tsx';
import { CrawlFindings, crawlFactsText } from './crawl-findings.tsx';

type Loaded = { siteCheck: SiteCheck; report: SiteReport };

/**
 * Asks the server every couple of seconds while the site check is still at work; `refetch` asks
 * at once (after a cancel).
 */
function useSiteReport(id: string) {
  return useApiQuery((signal) => fetchSiteReport(id, signal), [id], {
    refetchInterval: ({ siteCheck }) =>
      pagesStillChanging(siteCheck) ? SITE_CHECK_POLL_INTERVAL_MS : false,
  });
}

export function SiteCheckView({ id }: { id: string }) {
  const state = useSiteReport(id);
  if (state.status === 'error') {
    const entry = catalogueEntry(state.error);
    return (
      <Card role="alert">
        <h2 className="text-lg font-semibold text-slate-900">{entry.title}</h2>
        <p className="mt-1 text-slate-700">{state.message ?? entry.description}</p>
      </Card>
    );
  }
  if (state.status !== 'success') {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading the site check" className="size-6" />
      </div>
    );
  }
  const { siteCheck, report } = state.data;
  return (
    <div className="space-y-6">
      <Progress
        siteCheck={siteCheck}
        external={report.crawl?.externalLinks ?? null}
        onCancelled={state.refetch}
      />
      {siteCheck.status === 'failed' && siteCheck.counts.total === 0 ? null : (
        <SiteReportSections siteCheck={siteCheck} report={report} />
      )}
      {siteCheck.status === 'completed' && report.pagesAnalysed > 0 ? (
        <WatchSiteControl
          siteUrl={siteCheck.siteUrl}
          siteCheckId={siteCheck.id}
          crawl={siteCheck.source === 'crawl'}
        />
      ) : null}
    </div>
  );
}

function Progress({
  siteCheck,
  external,
  onCancelled,
}: {
  siteCheck: SiteCheck;
  /** Set when the crawl checks external links: targets recorded and answered. */
  external: { total: number; checked: number } | null;
  onCancelled: () => void;
}) {
  const { counts } = siteCheck;
  const done = counts.completed + counts.failed;
  const active = isSiteCheckUnderWay(siteCheck.status);
  const error = siteCheck.errorCode ? catalogueEntry(siteCheck.errorCode) : null;
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="min-w-0 break-all text-lg font-semibold text-slate-900">
          {siteCheck.siteUrl}
        </h2>
        <Badge tone={siteCheckTone(siteCheck.status)}>{statusLabel(siteCheck)}</Badge>
      </div>
      {siteCheck.status === 'discovering' ? (
        <p className="mt-3 flex items-center gap-2 text-slate-700" aria-live="polite">
          <Spinner /> Reading the site's sitemaps…
        </p>
      ) : counts.total > 0 ? (
        <div className="mt-4 space-y-2">
          <label htmlFor="site-check-progress" className="block text-sm text-slate-700">
            {siteCheckProgressText(counts)}
          </label>
          <progress
            id="site-check-progress"
            className="h-2 w-full overflow-hidden rounded-full accent-brand-600"
            max={Math.max(1, counts.total)}
            value={done + counts.blocked + counts.cancelled}
          />
          {active ? (
            <p className="sr-only" aria-live="polite">
              {done} of {counts.total} pages checked
            </p>
          ) : null}
          {external && external.total > 0 ? (
            <p className="flex items-center gap-2 text-sm text-slate-700">
              {active && external.checked < external.total ? <Spinner /> : null}
              {externalLinksProgressText(external)}
            </p>
          ) : null}
        </div>
      ) : null}
      {siteCheck.status === 'failed' ? (
        <p role="alert" className="mt-3 text-red-700">
          {error ? `${error.title}: ` : ''}
          {siteCheck.errorMessage ?? error?.description}
        </p>
      ) : null}
      {siteCheck.status === 'cancelled' ? (
        <p className="mt-3 text-slate-700">
          Cancelled: the pages checked before are below; the others were not checked and went back
          to your daily allowance.
        </p>
      ) : null}
      {siteCheck.skipped ? <Skipped skipped={siteCheck.skipped} /> : null}
      {active ? <CancelSiteCheck siteCheck={siteCheck} onCancelled={onCancelled} /> : null}
    </Card>
  );
}

function Skipped({ skipped }: { skipped: NonNullable<SiteCheck['skipped']> }) {
  const parts = [
    skipped.overCap ? `${skipped.overCap} over the page limit` : '',
    skipped.overDailyLimit ? `${skipped.overDailyLimit} over today's page allowance` : '',
    skipped.offSite ? `${skipped.offSite} on another site` : '',
    skipped.duplicates ? `${skipped.duplicates} repeated` : '',
    skipped.invalid ? `${skipped.invalid} not a usable address` : '',
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <p className="mt-3 text-sm text-slate-600">Not checked: {parts.join(', ')}.</p>;
}

function SiteReportSections({ siteCheck, report }: Loaded) {
  const extraStats = [report.pagesCancelled, report.pagesBlocked, report.pagesRedirected].filter(
    (count) => count > 0,
  ).length;
  return (
    <>
      <dl
        className={cn(
          'grid gap-4',
          extraStats > 0 ? 'sm:grid-cols-2 lg:grid-cols-3' : 'sm:grid-cols-3',
        )}
      >
        {report.crawl ? (
          <Stat
            label="Site score"
            value={report.crawl.score === null ? 'N/A' : String(report.crawl.score)}
          />
        ) : (
          <Stat
            label="Average score"
            value={report.averageScore === null ? 'N/A' : String(report.averageScore)}
          />
        )}
        <Stat label="Pages analyzed" value={String(report.pagesAnalysed)} />
        <Stat label="Pages that failed" value={String(report.pagesFailed)} />
        {report.pagesCancelled > 0 ? (
          <Stat label="Not checked (cancelled)" value={String(report.pagesCancelled)} />
        ) : null}
        {report.pagesBlocked > 0 ? (
          <Stat label="Blocked by robots.txt" value={String(report.pagesBlocked)} />
        ) : null}
        {report.pagesRedirected > 0 ? (
          <Stat label="Listed addresses that redirect" value={String(report.pagesRedirected)} />
        ) : null}
      </dl>
      <div className="flex flex-wrap gap-3">
        <a href={siteReportCsvUrl(siteCheck.id)} download className={buttonClasses('outline')}>
          <Download className="size-4" aria-hidden />
          Download CSV
        </a>
      </div>
      {report.crawl ? <CrawlFindings crawl={report.crawl} /> : null}
      <Section title="Pages by score" count={report.pages.length}>
        <ol className="divide-y divide-slate-100">
          {report.pages.map((page) => (
            <li key={page.accessToken} className="flex items-center gap-3 py-2">
              <span className="w-12 shrink-0 text-right">
                <Badge tone={scoreTone(page.score)}>
                  <span className="sr-only">Score </span>
                  {page.score ?? '–'}
                </Badge>
              </span>
              <div className="min-w-0 flex-1">
                {page.status === 'completed' ? (
                  <AppLink
                    to={PATHS.reportFor(page.accessToken)}
                    className="block text-brand-700 underline-offset-2 hover:underline"
                  >
                    <Address url={page.url} />
                  </AppLink>
                ) : (
                  <Address url={page.url} className="text-slate-900" />
                )}
                {page.status === 'cancelled' ? (
                  <p className="truncate text-sm text-slate-600">
                    Not checked: the check was cancelled
                  </p>
                ) : page.status === 'failed' ? (
                  <p className="truncate text-sm text-red-700">
                    {page.errorMessage ?? page.errorCode}
                  </p>
                ) : page.title ? (
                  <p className="truncate text-sm text-slate-600">{page.title}</p>
                ) : null}
                {page.status === 'completed' && crawlFactsText(page) ? (
                  <p className="text-sm text-slate-600">{crawlFactsText(page)}</p>
                ) : null}
              </div>
              {page.status === 'completed' ? null : page.status === 'cancelled' ? (
                <Badge tone={statusTone('queued')}>not checked</Badge>
              ) : (
                <Badge tone={statusTone(page.status)}>{page.status}</Badge>
              )}
            </li>
          ))}
        </ol>
      </Section>
      <Section
        title="Duplicate titles"
        count={report.duplicateTitles.length}
        empty="Every analyzed page has its own title."
      >
        <Groups groups={report.duplicateTitles} />
      </Section>
      <Section
        title="Duplicate descriptions"
        count={report.duplicateDescriptions.length}
        empty="Every analyzed page has its own meta description."
      >
        <Groups groups={report.duplicateDescriptions} />
      </Section>
      <Section
        title="Canonical pointing elsewhere"
        count={report.canonicalElsewhere.length}
        empty="No page names another address as its canonical."
      >
        <UrlList
          items={report.canonicalElsewhere.map((entry) => ({
            url: entry.url,
            note: `→ ${entry.canonical}`,
          }))}
        />
      </Section>
      <Section
        title="Blocked by robots.txt"
        count={report.robotsBlocked.length}
        empty="robots.txt let Crawlwise fetch every listed page, and lets Googlebot fetch every analyzed one."
      >
        <UrlList
          items={report.robotsBlocked.map((entry) => ({ url: entry.url, note: entry.rule ?? '' }))}
        />
      </Section>
      <Section
        title={
          siteCheck.source === 'sitemap'
            ? 'Sitemap entries that redirect or fail'
            : siteCheck.source === 'crawl'
              ? 'Linked addresses that redirect or fail'
              : 'Listed addresses that redirect or fail'
        }
        count={report.entryProblems.length}
        empty="Every listed address answered directly."
      >
        <UrlList
          items={report.entryProblems.map((entry) => ({
            url: entry.url,
            note:
              entry.kind === 'redirect'
                ? `Redirects to ${entry.finalUrl}`
                : (entry.message ?? entry.code ?? 'Failed'),
          }))}
        />
      </Section>
    </>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card className="p-5">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-slate-900">{value}</dd>
    </Card>
  );
}

function Section({
  title,
  count,
  empty,
  children,
}: {
  title: string;
  count: number;
  empty?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">
        {title} <span className="font-normal text-slate-600">({count})</span>
      </h2>
      <div className="mt-3">
        {count === 0 && empty ? <p className="text-slate-600">{empty}</p> : children}
      </div>
    </Card>
  );
}

function Groups({ groups }: { groups: SiteReport['duplicateTitles'] }) {
  return (
    <ul className="space-y-4">
      {groups.map((group) => (
        <li key={group.value}>
          <p className="wrap-anywhere font-medium text-slate-900">“{group.value}”</p>
          <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
            {group.urls.map((url) => (
              <li key={url} className="break-all">
                {url}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function UrlList({ items }: { items: Array<{ url: string; note: string }> }) {
  return (
    <ul className="space-y-2 text-sm">
      {items.map((item) => (
        <li key={item.url}>
          <p className="break-all text-slate-900">{item.url}</p>
          {item.note ? <p className="break-all text-slate-600">{item.note}</p> : null}
        </li>
      ))}
    </ul>
  );
}
