import { AUDIT_LINK_KINDS, AUDIT_LINK_NO_ANSWER } from '@crawlwise/shared/api/site-audit-basics';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { auditLinksCsvUrl, fetchAuditLinks } from '../api/site-audit-api.ts';
import { useAuditAddress } from './audit-address.ts';
import { linksQuery } from './audit-query.ts';
import {
  CsvLink,
  Loaded,
  NotBuiltYet,
  Pager,
  rangeText,
  SELECT_CLASS,
  SortHeader,
  TableScroller,
  useAuditQuery,
  ViewHeading,
} from './audit-ui.tsx';

const KIND_LABELS = { broken: 'Broken', redirected: 'Redirected' } as const;
const NO_ANSWER = AUDIT_LINK_NO_ANSWER;
/** A target status as the filter and the table say it: `null` is a target that never answered. */
const statusText = (status: number | null) => (status === null ? 'No answer' : String(status));

/**
 * Internal links that fail or redirect, source → target, filtered by source section and by the
 * target's status (the sections and statuses this crawl has, from the answer).
 */
export function LinksView({ id, live }: { id: string; live: boolean }) {
  const { update, params } = useAuditAddress();
  const query = linksQuery(params);
  const state = useAuditQuery(
    (signal) => fetchAuditLinks(id, query, signal),
    [id, JSON.stringify(query)],
    live,
  );
  const sort = (column: string, dir: 'asc' | 'desc') => update({ sort: column, dir, page: 1 });
  return (
    <Card className="min-w-0 space-y-4">
      <ViewHeading title="Links">
        <CsvLink href={auditLinksCsvUrl(id, query)} label="Download CSV (all matching)" />
      </ViewHeading>
      <div className="flex flex-wrap items-end gap-3">
        <fieldset className="flex gap-1">
          <legend className="sr-only">Which links</legend>
          {AUDIT_LINK_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              aria-pressed={query.kind === kind}
              onClick={() => update({ kind, section: null, status: null, page: 1 })}
              className={cn(
                'h-10 rounded-lg border px-3 text-sm font-medium',
                query.kind === kind
                  ? 'border-brand-600 bg-brand-50 text-brand-800'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              {KIND_LABELS[kind]}
            </button>
          ))}
        </fieldset>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Source section
          <select
            className={SELECT_CLASS}
            value={query.section ?? ''}
            onChange={(event) => update({ section: event.target.value, page: 1 })}
          >
            <option value="">All sections</option>
            {(state.data?.sections ?? []).map((each) => (
              <option key={each.section} value={each.section}>
                {each.section} ({each.links})
              </option>
            ))}
            {query.section && !state.data?.sections.some((s) => s.section === query.section) ? (
              <option value={query.section}>{query.section}</option>
            ) : null}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Status
          <select
            className={SELECT_CLASS}
            value={query.status ?? ''}
            onChange={(event) => update({ status: event.target.value, page: 1 })}
          >
            <option value="">Any</option>
            {(state.data?.statuses ?? []).map((each) => (
              <option key={each.status ?? NO_ANSWER} value={each.status ?? NO_ANSWER}>
                {statusText(each.status)} ({each.links})
              </option>
            ))}
            {query.status !== undefined &&
            !state.data?.statuses.some((s) => (s.status ?? NO_ANSWER) === query.status) ? (
              <option value={query.status}>
                {statusText(query.status === NO_ANSWER ? null : query.status)}
              </option>
            ) : null}
          </select>
        </label>
      </div>
      <Loaded state={state} label="Loading the links">
        {(data) => (
          <>
            <NotBuiltYet builtAt={data.builtAt} />
            <p className="text-sm text-slate-600" aria-live="polite">
              {rangeText(data.page, data.pageSize, data.rows.length, data.total)}
            </p>
            {data.rows.length > 0 ? (
              <TableScroller label="Links table">
                <table className="w-full min-w-[48rem] text-sm">
                  <caption className="sr-only">
                    {KIND_LABELS[query.kind]} internal links; column headers sort the list
                  </caption>
                  <thead className="border-b border-slate-200 bg-slate-50">
                    <tr>
                      <SortHeader
                        label="Source"
                        column="source"
                        sort={query.sort ?? 'target'}
                        dir={query.dir ?? 'asc'}
                        onSort={sort}
                      />
                      <SortHeader
                        label="Target"
                        column="target"
                        sort={query.sort ?? 'target'}
                        dir={query.dir ?? 'asc'}
                        onSort={sort}
                      />
                      <th scope="col" className="px-3 py-2 text-left font-medium text-slate-700">
                        Anchor
                      </th>
                      <SortHeader
                        label="Status"
                        column="status"
                        sort={query.sort ?? 'target'}
                        dir={query.dir ?? 'asc'}
                        onSort={sort}
                      />
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {data.rows.map((row) => (
                      <tr key={`${row.source} ${row.target} ${row.anchor}`}>
                        <td className="min-w-[14rem] max-w-[18rem] px-3 py-2 align-top break-all">
                          {row.source}
                        </td>
                        <td className="min-w-[14rem] max-w-[18rem] px-3 py-2 align-top break-all">
                          {row.target}
                          {row.finalUrl ? (
                            <span className="block text-slate-600">→ {row.finalUrl}</span>
                          ) : null}
                        </td>
                        <td className="max-w-[12rem] px-3 py-2 align-top text-slate-700">
                          {row.anchor || <span className="text-slate-500">(no text)</span>}
                          {row.nofollow ? ' · nofollow' : ''}
                          {row.renderedOnly ? ' · rendered only' : ''}
                        </td>
                        <td className="px-3 py-2 align-top">
                          <Badge tone={query.kind === 'broken' ? 'red' : 'yellow'}>
                            {row.targetStatus ?? row.targetError ?? 'no answer'}
                          </Badge>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroller>
            ) : (
              <p className="text-slate-600">
                No {query.kind === 'broken' ? 'broken' : 'redirected'} internal link matches.
              </p>
            )}
            <Pager
              label="Pages of the links table"
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => update({ page })}
            />
          </>
        )}
      </Loaded>
    </Card>
  );
}
