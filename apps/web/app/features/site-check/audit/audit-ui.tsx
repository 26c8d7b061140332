import { catalogueEntry } from '@crawlwise/shared/error-catalogue';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { ApiResult } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { type ApiQueryState, useApiQuery } from '../../../lib/use-api-query.ts';

/** How often a view asks again while the crawl is still finding and finishing pages. */
export const AUDIT_LIVE_INTERVAL_MS = 5_000;

/**
 * One of the workspace's lists: loaded through useApiQuery, asked again while the crawl is at
 * work so the view fills in as pages finish, kept on screen through a passing network blip.
 */
/** The filter dropdowns' look, shared by the views that filter (pages, links). */
export const SELECT_CLASS =
  'h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

export function useAuditQuery<T>(
  loader: (signal: AbortSignal) => Promise<ApiResult<T>>,
  key: readonly unknown[],
  live: boolean,
): ApiQueryState<T> {
  return useApiQuery(loader, [...key, live], {
    refetchInterval: live ? AUDIT_LIVE_INTERVAL_MS : false,
    keepDataOnTransientError: true,
  });
}

/** The loading spinner or the catalogue's words for a failure; `children` once there is data. */
export function Loaded<T>({
  state,
  label,
  children,
}: {
  state: ApiQueryState<T>;
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (state.data !== undefined) return <>{children(state.data)}</>;
  if (state.status === 'error') {
    const entry = catalogueEntry(state.error);
    return (
      <Card role="alert">
        <h2 className="text-lg font-semibold text-slate-900">{entry.title}</h2>
        <p className="mt-1 text-slate-700">{state.message ?? entry.description}</p>
      </Card>
    );
  }
  return (
    <div className="flex justify-center py-12">
      <Spinner label={label} className="size-6" />
    </div>
  );
}

/** Said where a list comes from a snapshot not built yet (the first pages of a crawl). */
export function NotBuiltYet({ builtAt }: { builtAt: string | null }) {
  if (builtAt !== null) return null;
  return (
    <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" role="status">
      The audit is being prepared: it fills in as pages finish.
    </p>
  );
}

export function CsvLink({ href, label = 'Download CSV' }: { href: string; label?: string }) {
  return (
    <a href={href} download className={buttonClasses('outline', 'sm')}>
      <Download className="size-4" aria-hidden />
      {label}
    </a>
  );
}

/** "Previous / Page 2 of 7 / Next" for a paged list; nothing when it fits one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 pt-3">
      <button
        type="button"
        className={buttonClasses('outline', 'sm')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="text-sm text-slate-700">
        Page {Math.min(page, pages)} of {pages}
      </span>
      <button
        type="button"
        className={buttonClasses('outline', 'sm')}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/** "Showing 51–100 of 340". */
export function rangeText(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0) return 'None';
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first}–${first + shown - 1} of ${total}`;
}

/**
 * A column header that sorts the list on the server: the first click sorts ascending, the next
 * one flips; aria-sort says the current order to a screen reader.
 */
export function SortHeader({
  label,
  column,
  sort,
  dir,
  onSort,
  align = 'left',
}: {
  label: string;
  column: string;
  sort: string;
  dir: 'asc' | 'desc';
  onSort: (column: string, dir: 'asc' | 'desc') => void;
  align?: 'left' | 'right';
}) {
  const active = sort === column;
  return (
    <th
      scope="col"
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn(
        'px-3 py-2 font-medium whitespace-nowrap',
        align === 'right' ? 'text-right' : 'text-left',
      )}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
        onClick={() => onSort(column, active && dir === 'asc' ? 'desc' : 'asc')}
      >
        {label}
        <span aria-hidden className="text-xs">
          {active ? (dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

/** A wide table scrolls inside its card, so a phone's page never scrolls sideways. */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
    <section aria-label={label} tabIndex={0} className="-mx-6 overflow-x-auto px-6">
      {children}
    </section>
  );
}

export function ViewHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}
