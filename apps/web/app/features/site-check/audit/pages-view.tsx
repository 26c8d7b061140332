import {
  AUDIT_PAGE_STATES,
  type AuditPageState,
  DEFAULT_AUDIT_PAGE_SIZE,
  MAX_AUDIT_SEARCH_CHARS,
} from '@crawlwise/shared/api/site-audit-basics';
import { NON_INDEXABLE_LABELS } from '@crawlwise/shared/audit-labels';
import { scoreTone } from '@crawlwise/shared/display';
import { PATHS } from '@crawlwise/shared/routes';
import { useEffect, useRef, useState } from 'react';
import { AppLink } from '../../../components/app-link.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { type AuditPageRow, auditPagesCsvUrl, fetchAuditPages } from '../api/site-audit-api.ts';
import { useAuditAddress } from './audit-address.ts';
import { pagesQuery } from './audit-query.ts';
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
import { STATE_LABELS } from './overview-view.tsx';

/** Typing waits this long before the search is asked for (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 350;

/** Every address of the crawl: sorted, filtered, searched and paged by the server. */
export function PagesView({ id, live }: { id: string; live: boolean }) {
  const { params, update } = useAuditAddress();
  const query = pagesQuery(params);
  const state = useAuditQuery(
    (signal) => fetchAuditPages(id, query, signal),
    [id, JSON.stringify(query)],
    live,
  );
  const sort = (column: string, dir: 'asc' | 'desc') => update({ sort: column, dir, page: 1 });
  return (
    <Card className="min-w-0 space-y-4">
      <ViewHeading title="Pages">
        <CsvLink href={auditPagesCsvUrl(id, query)} label="Download CSV (all matching)" />
      </ViewHeading>
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          value={query.q ?? ''}
          onSearch={(q) => update({ q, page: 1 }, { replace: true })}
        />
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          State
          <select
            className={SELECT_CLASS}
            value={query.state ?? ''}
            onChange={(event) => update({ state: event.target.value, page: 1 })}
          >
            <option value="">All</option>
            {AUDIT_PAGE_STATES.map((each) => (
              <option key={each} value={each}>
                {STATE_LABELS[each]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Indexable
          <select
            className={SELECT_CLASS}
            value={query.indexable ?? ''}
            onChange={(event) => update({ indexable: event.target.value, page: 1 })}
          >
            <option value="">All</option>
            <option value="yes">Indexable</option>
            <option value="no">Not indexable</option>
          </select>
        </label>
        {query.issue ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            Affected by <code className="rounded bg-slate-100 px-1">{query.issue}</code>
            <button
              type="button"
              className="text-brand-700 underline"
              onClick={() => update({ issue: null, page: 1 })}
            >
              Show all
            </button>
          </p>
        ) : null}
      </div>
      <Loaded state={state} label="Loading the pages">
        {(data) => (
          <>
            <NotBuiltYet builtAt={data.builtAt} />
            <p className="text-sm text-slate-600" aria-live="polite">
              {rangeText(data.page, data.pageSize, data.rows.length, data.total)}
            </p>
            {data.rows.length > 0 ? (
              <TableScroller label="Pages table">
                <table className="w-full min-w-[56rem] text-sm">
                  <caption className="sr-only">
                    Pages of the crawl; column headers sort the list
                  </caption>
                  <thead className="border-b border-slate-200 bg-slate-50">
                    <tr>
                      {(
                        [
                          ['Address', 'url'],
                          ['State', 'state'],
                        ] as const
                      ).map(([label, column]) => (
                        <SortHeader
                          key={column}
                          label={label}
                          column={column}
                          sort={query.sort}
                          dir={query.dir ?? 'asc'}
                          onSort={sort}
                        />
                      ))}
                      <th scope="col" className="px-3 py-2 text-left font-medium text-slate-700">
                        Indexable
                      </th>
                      {(
                        [
                          ['Score', 'score'],
                          ['Depth', 'depth'],
                          ['Inbound', 'inbound'],
                          ['Link score', 'linkScore'],
                          ['Title', 'title'],
                          ['Words', 'words'],
                        ] as const
                      ).map(([label, column]) => (
                        <SortHeader
                          key={column}
                          label={label}
                          column={column}
                          sort={query.sort}
                          dir={query.dir ?? 'asc'}
                          onSort={sort}
                          align={column === 'title' || column === 'score' ? 'left' : 'right'}
                        />
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {data.rows.map((row) => (
                      <PageRow key={row.url} row={row} />
                    ))}
                  </tbody>
                </table>
              </TableScroller>
            ) : (
              <p className="text-slate-600">No page matches.</p>
            )}
            <Pager
              label="Pages of the table"
              page={data.page}
              pageSize={data.pageSize || DEFAULT_AUDIT_PAGE_SIZE}
              total={data.total}
              onPage={(page) => update({ page })}
            />
          </>
        )}
      </Loaded>
    </Card>
  );
}

const STATE_TONE: Record<AuditPageState, 'green' | 'red' | 'yellow' | 'gray' | 'blue'> = {
  completed: 'green',
  failed: 'red',
  blocked: 'yellow',
  cancelled: 'gray',
  pending: 'blue',
  redirected: 'yellow',
};

function PageRow({ row }: { row: AuditPageRow }) {
  const cell = 'px-3 py-2 align-top';
  const number = (value: number | null) => (value === null ? '–' : value);
  return (
    <tr className="hover:bg-slate-50">
      <td className={`${cell} min-w-[16rem] max-w-[24rem] break-all`}>
        {row.accessToken ? (
          <AppLink
            to={PATHS.reportFor(row.accessToken)}
            className="text-brand-700 underline-offset-2 hover:underline"
          >
            {row.url}
          </AppLink>
        ) : (
          <span className="text-slate-900">{row.url}</span>
        )}
      </td>
      <td className={cell}>
        <Badge tone={STATE_TONE[row.state]}>
          {STATE_LABELS[row.state]}
          {row.httpStatus !== null && row.state !== 'completed' ? ` ${row.httpStatus}` : ''}
        </Badge>
      </td>
      <td className={`${cell} whitespace-nowrap text-slate-700`}>
        {row.indexable
          ? 'Yes'
          : `No${row.nonIndexableReason ? `: ${NON_INDEXABLE_LABELS[row.nonIndexableReason]}` : ''}`}
      </td>
      <td className={cell}>
        {row.score === null ? '–' : <Badge tone={scoreTone(row.score)}>{row.score}</Badge>}
      </td>
      <td className={`${cell} text-right`}>{number(row.depth)}</td>
      <td className={`${cell} text-right`}>{number(row.inbound)}</td>
      <td className={`${cell} text-right`}>{number(row.linkScore)}</td>
      <td className={`${cell} min-w-[10rem] max-w-[16rem] text-slate-700`}>{row.title ?? '–'}</td>
      <td className={`${cell} text-right`}>{number(row.words)}</td>
    </tr>
  );
}

/** The search box: what is typed shows at once; the address (and the request) follow a pause. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  // The latest callback, read when the pause ends: a new one each render must not restart it.
  const search = useRef(onSearch);
  search.current = onSearch;
  // Back or a link changes the address: the box follows it.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => search.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm text-slate-700">
      <label htmlFor="audit-pages-search">Search address or title</label>
      <Input
        id="audit-pages-search"
        type="search"
        value={text}
        maxLength={MAX_AUDIT_SEARCH_CHARS}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
