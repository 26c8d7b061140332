import { siteFindingTone } from '@crawlwise/shared/display';
import { AppLink } from '../../../components/app-link.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { fetchAuditCompare } from '../api/site-audit-api.ts';
import { auditHref, useAuditAddress } from './audit-address.ts';
import { Loaded, TableScroller, useAuditQuery } from './audit-ui.tsx';

const CHANGE_LABELS = {
  new: 'New',
  fixed: 'Fixed',
  more: 'More',
  fewer: 'Fewer',
  same: 'Same',
} as const;
const CHANGE_TONES = {
  new: 'red',
  fixed: 'green',
  more: 'yellow',
  fewer: 'blue',
  same: 'gray',
} as const;

const dateText = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** This crawl against an earlier one of the same site (`compare=<earlier id>`). */
export function CompareView({ id, otherId }: { id: string; otherId: string }) {
  const { params } = useAuditAddress();
  const state = useAuditQuery(
    (signal) => fetchAuditCompare(id, otherId, signal),
    [id, otherId],
    false,
  );
  return (
    <Loaded state={state} label="Comparing the two crawls">
      {(data) => {
        const changed = data.issues.filter((issue) => issue.change !== 'same');
        return (
          <div className="space-y-6">
            <Card>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 className="text-lg font-semibold text-slate-900">
                  Compared with an earlier crawl
                </h2>
                <AppLink
                  to={auditHref(params, { compare: null })}
                  className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  Back to this crawl
                </AppLink>
              </div>
              <dl className="mt-3 grid gap-4 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-slate-600">Before ({dateText(data.before.createdAt)})</dt>
                  <dd className="text-2xl font-bold text-slate-900">
                    {data.score.before ?? 'N/A'}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">Now ({dateText(data.after.createdAt)})</dt>
                  <dd className="text-2xl font-bold text-slate-900">{data.score.after ?? 'N/A'}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Pages</dt>
                  <dd className="text-slate-900">
                    {data.pagesAdded.total} added, {data.pagesRemoved.total} removed
                  </dd>
                </div>
              </dl>
            </Card>
            <Card className="min-w-0">
              <h2 className="text-lg font-semibold text-slate-900">Issues that changed</h2>
              {changed.length === 0 ? (
                <p className="mt-2 text-slate-600">The same issues, with the same counts.</p>
              ) : (
                <TableScroller label="Issues that changed">
                  <table className="mt-3 w-full min-w-[26rem] text-sm">
                    <thead className="border-b border-slate-200 text-left text-slate-600">
                      <tr>
                        <th scope="col" className="px-2 py-1.5 font-medium">
                          Issue
                        </th>
                        <th scope="col" className="px-2 py-1.5 font-medium">
                          Change
                        </th>
                        <th scope="col" className="px-2 py-1.5 text-right font-medium">
                          Before
                        </th>
                        <th scope="col" className="px-2 py-1.5 text-right font-medium">
                          Now
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {changed.map((issue) => (
                        <tr key={`${issue.kind}:${issue.id}`}>
                          <td className="px-2 py-1.5">
                            <Badge tone={siteFindingTone(issue.severity)} className="mr-2">
                              {issue.severity}
                            </Badge>
                            {issue.title}
                          </td>
                          <td className="px-2 py-1.5">
                            <Badge tone={CHANGE_TONES[issue.change]}>
                              {CHANGE_LABELS[issue.change]}
                            </Badge>
                          </td>
                          <td className="px-2 py-1.5 text-right">{issue.before}</td>
                          <td className="px-2 py-1.5 text-right">{issue.after}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableScroller>
              )}
            </Card>
            <div className="grid gap-6 lg:grid-cols-2">
              <UrlListCard title="Pages added" list={data.pagesAdded} />
              <UrlListCard title="Pages removed" list={data.pagesRemoved} />
            </div>
            <Card className="min-w-0">
              <h2 className="text-lg font-semibold text-slate-900">Score changes</h2>
              {data.scoreChanges.length === 0 ? (
                <p className="mt-2 text-slate-600">No page in both crawls changed its score.</p>
              ) : (
                <ul className="mt-3 divide-y divide-slate-100 text-sm">
                  {data.scoreChanges.map((change) => (
                    <li key={change.url} className="flex flex-wrap items-center gap-2 py-1.5">
                      <span className="min-w-0 flex-1 break-all text-slate-900">{change.url}</span>
                      <span className="text-slate-700">
                        {change.before} → {change.after} (
                        {change.after >= change.before ? '+' : '−'}
                        {Math.abs(change.after - change.before)})
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        );
      }}
    </Loaded>
  );
}

function UrlListCard({ title, list }: { title: string; list: { total: number; urls: string[] } }) {
  return (
    <Card className="min-w-0">
      <h2 className="text-lg font-semibold text-slate-900">
        {title} <span className="font-normal text-slate-600">({list.total})</span>
      </h2>
      {list.urls.length === 0 ? (
        <p className="mt-2 text-slate-600">None.</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {list.urls.map((url) => (
            <li key={url} className="break-all text-slate-700">
              {url}
            </li>
          ))}
        </ul>
      )}
      {list.total > list.urls.length ? (
        <p className="mt-1 text-sm text-slate-600">And {list.total - list.urls.length} more.</p>
      ) : null}
    </Card>
  );
}
