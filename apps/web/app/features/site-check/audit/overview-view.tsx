import type {
  AuditOverviewResponse,
  AuditPageState,
  NonIndexableReason,
} from '@crawlwise/shared/api/site-audit';
import { NON_INDEXABLE_LABELS } from '@crawlwise/shared/audit-labels';
import { scoreTone, siteFindingTone } from '@crawlwise/shared/display';
import { catalogueEntry } from '@crawlwise/shared/error-catalogue';
import { isSiteCheckUnderWay } from '@crawlwise/shared/site-check';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { AppLink } from '../../../components/app-link.tsx';
import { Address } from '../../../components/ui/address.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { auditIssuesCsvUrl } from '../api/site-audit-api.ts';
import { pagesStillChanging } from '../api/site-check-api.ts';
import { auditHref } from './audit-address.ts';
import { CsvLink, NotBuiltYet } from './audit-ui.tsx';

export const STATE_LABELS: Record<AuditPageState, string> = {
  completed: 'Analysed',
  failed: 'Failed',
  blocked: 'Blocked by robots.txt',
  cancelled: 'Not checked (cancelled)',
  pending: 'Waiting',
  redirected: 'Redirected',
};

/** "about 3 min", "40 s" for an estimate of the time left. */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Points are worth one decimal at most: "3.4" points of score, "12" points. */
/*
 * Not needed for the Overview's first paint (issue 20.6), so in chunks of their own: the cancel
 * dialog of a crawl at work (its fallback is the same button, disabled, so nothing moves when it
 * arrives) and the watch form under a finished crawl (the Overview's last card: nothing below it
 * moves).
 */
const CancelSiteCheck = lazy(() =>
  import('../cancel-site-check.tsx').then((module) => ({ default: module.CancelSiteCheck })),
);
const WatchSiteControl = lazy(() =>
  import('../../monitoring/index.ts').then((module) => ({
    default: module.WatchSiteControl,
  })),
);

const worthText = (worth: number) => (Math.round(worth * 10) / 10).toString();

export function OverviewView({
  data,
  onCancelled,
}: {
  data: AuditOverviewResponse;
  onCancelled: () => void;
}) {
  const { siteCheck, overview, builtAt } = data;
  const [params] = useSearchParams();
  const active = pagesStillChanging(siteCheck);
  const error = siteCheck.errorCode ? catalogueEntry(siteCheck.errorCode) : null;
  const nonIndexable = Object.entries(overview.nonIndexable).filter(([, count]) => count > 0) as [
    NonIndexableReason,
    number,
  ][];
  return (
    // data-audit-overview: the bench's mark that the Overview's content is on screen
    // (bench/site-audit-screen.ts).
    <div className="space-y-6" data-audit-overview>
      {active || siteCheck.status === 'discovering' ? (
        <CrawlProgress data={data} onCancelled={onCancelled} />
      ) : null}
      {siteCheck.status === 'failed' ? (
        <Card role="alert">
          <p className="text-red-700">
            {error ? `${error.title}: ` : ''}
            {siteCheck.errorMessage ?? error?.description}
          </p>
        </Card>
      ) : null}
      <NotBuiltYet builtAt={builtAt} />
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Site score">
          {overview.score === null ? (
            'N/A'
          ) : (
            <span className="flex items-baseline gap-2">
              {overview.score}
              <Badge tone={scoreTone(overview.score)}>of 100</Badge>
            </span>
          )}
        </Stat>
        <Stat label="Pages analysed">{overview.pagesByState.completed ?? 0}</Stat>
        <Stat label="Indexable pages">{overview.indexable}</Stat>
        <Stat label="Not indexable">{nonIndexable.reduce((sum, [, count]) => sum + count, 0)}</Stat>
      </dl>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Site score</h2>
          {overview.base === null ? (
            <p className="mt-2 text-slate-600">No score until pages have been analysed.</p>
          ) : (
            <table className="mt-3 w-full text-sm">
              <caption className="sr-only">How the site score is made</caption>
              <tbody className="divide-y divide-slate-100">
                <tr>
                  <th scope="row" className="py-1.5 text-left font-normal text-slate-700">
                    Average page score (the base)
                  </th>
                  <td className="py-1.5 text-right font-medium text-slate-900">{overview.base}</td>
                </tr>
                {overview.ledger.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row" className="py-1.5 text-left font-normal text-slate-700">
                      <AppLink
                        className="text-brand-700 underline-offset-2 hover:underline"
                        to={auditHref(params, { tab: 'issues', issue: entry.id }, { fresh: true })}
                      >
                        {entry.title}
                      </AppLink>
                    </th>
                    <td className="py-1.5 text-right text-red-700">−{entry.points}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row" className="py-1.5 text-left font-semibold text-slate-900">
                    Site score
                  </th>
                  <td className="py-1.5 text-right font-semibold text-slate-900">
                    {overview.score ?? 'N/A'}
                  </td>
                </tr>
              </tbody>
            </table>
          )}
        </Card>
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Pages</h2>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
            {(Object.keys(STATE_LABELS) as AuditPageState[]).map((state) =>
              overview.pagesByState[state] ? (
                <PageCount
                  key={state}
                  label={STATE_LABELS[state]}
                  count={overview.pagesByState[state] ?? 0}
                  to={auditHref(params, { tab: 'pages', state }, { fresh: true })}
                />
              ) : null,
            )}
          </dl>
          <h3 className="mt-4 font-medium text-slate-900">Indexability</h3>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
            <PageCount
              label="Indexable"
              count={overview.indexable}
              to={auditHref(params, { tab: 'pages', indexable: 'yes' }, { fresh: true })}
            />
            {nonIndexable.map(([reason, count]) => (
              <PageCount key={reason} label={NON_INDEXABLE_LABELS[reason]} count={count} />
            ))}
          </dl>
        </Card>
      </div>
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900">What to fix first</h2>
          <CsvLink href={auditIssuesCsvUrl(siteCheck.id)} label="All issues (CSV)" />
        </div>
        {overview.topIssues.length === 0 ? (
          <p className="mt-3 text-slate-600">No issue found among the pages analysed so far.</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-100">
            {overview.topIssues.map((issue) => (
              <li
                key={`${issue.kind}:${issue.id}`}
                className="flex flex-wrap items-center gap-2 py-2"
              >
                <Badge tone={siteFindingTone(issue.severity)}>{issue.severity}</Badge>
                <AppLink
                  className="min-w-0 flex-1 font-medium text-brand-700 underline-offset-2 hover:underline"
                  to={auditHref(params, { tab: 'issues', issue: issue.id }, { fresh: true })}
                >
                  {issue.title}
                </AppLink>
                <span className="text-sm text-slate-600">
                  {issue.count} {issue.count === 1 ? 'item' : 'items'} · worth{' '}
                  {worthText(issue.worth)} {issue.kind === 'site' ? 'site score' : 'average score'}{' '}
                  points
                </span>
              </li>
            ))}
          </ol>
        )}
      </Card>
      {overview.previous ? (
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Since the previous crawl</h2>
          <p className="mt-2 text-slate-700">
            Crawled {new Date(overview.previous.createdAt).toLocaleDateString('en-GB')}: score{' '}
            {overview.previous.score ?? 'N/A'}
            {overview.previous.scoreDelta !== null
              ? ` (${overview.previous.scoreDelta >= 0 ? '+' : '−'}${Math.abs(overview.previous.scoreDelta)} now)`
              : ''}
            ; {overview.previous.newIssues} new{' '}
            {overview.previous.newIssues === 1 ? 'issue' : 'issues'},{' '}
            {overview.previous.fixedIssues} fixed.
          </p>
          <AppLink
            className="mt-2 inline-block font-medium text-brand-700 underline-offset-2 hover:underline"
            to={auditHref(params, { compare: overview.previous.siteCheckId }, { fresh: true })}
          >
            Compare with the previous crawl
          </AppLink>
        </Card>
      ) : null}
      {siteCheck.status === 'completed' && (overview.pagesByState.completed ?? 0) > 0 ? (
        <Suspense fallback={null}>
          <WatchSiteControl
            siteUrl={siteCheck.siteUrl}
            siteCheckId={siteCheck.id}
            crawl={siteCheck.source === 'crawl'}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function CrawlProgress({
  data: { siteCheck, overview },
  onCancelled,
}: {
  data: AuditOverviewResponse;
  onCancelled: () => void;
}) {
  const { progress } = overview;
  const finished = progress.done + progress.failed;
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Crawling</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Count label="Discovered" value={progress.discovered} />
        <Count label="Waiting" value={progress.waiting} />
        <Count label="Done" value={progress.done} />
        <Count label="Failed" value={progress.failed} />
      </dl>
      <progress
        aria-label="Pages finished"
        className="mt-4 h-2 w-full overflow-hidden rounded-full accent-brand-600"
        max={Math.max(1, progress.discovered)}
        value={finished}
      />
      <p className="mt-2 text-sm text-slate-700">
        {progress.pagesPerMinute === null
          ? 'Measuring the pace…'
          : `${Math.round(progress.pagesPerMinute)} pages a minute`}
        {progress.etaSeconds !== null ? ` · ${durationText(progress.etaSeconds)} left` : ''}
      </p>
      <p className="sr-only" aria-live="polite">
        {finished} of {progress.discovered} pages finished
      </p>
      {progress.lastPages.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-medium text-slate-900">Last pages done</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {progress.lastPages.map((page) => (
              <li key={`${page.url} ${page.finishedAt}`} className="flex items-center gap-2">
                <Badge tone={page.state === 'completed' ? scoreTone(page.score) : 'gray'}>
                  {page.state === 'completed' ? (page.score ?? '–') : STATE_LABELS[page.state]}
                </Badge>
                <Address url={page.url} className="min-w-0 flex-1 text-slate-700" />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {isSiteCheckUnderWay(siteCheck.status) ? (
        <Suspense
          fallback={
            <Button variant="outline" size="sm" className="mt-4" disabled>
              Cancel check
            </Button>
          }
        >
          <CancelSiteCheck siteCheck={siteCheck} onCancelled={onCancelled} />
        </Suspense>
      ) : null}
    </Card>
  );
}

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Card className="p-5">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-slate-900">{children}</dd>
    </Card>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function PageCount({ label, count, to }: { label: string; count: number; to?: string }) {
  return (
    <>
      <dt className="text-slate-700">
        {to ? (
          <AppLink className="text-brand-700 underline-offset-2 hover:underline" to={to}>
            {label}
          </AppLink>
        ) : (
          label
        )}
      </dt>
      <dd className="text-right font-medium text-slate-900">{count}</dd>
    </>
  );
}
