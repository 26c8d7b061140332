import { scoreTone, statusTone } from '@crawlwise/shared/display';
import { type PageHistoryEntry, previousCompleted } from '@crawlwise/shared/page-history';
import { PATHS } from '@crawlwise/shared/routes';
import { AppLink } from '../../components/app-link.tsx';
import { Badge } from '../../components/ui/badge.tsx';

const STATUS_LABEL: Record<PageHistoryEntry['status'], string> = {
  completed: 'Completed',
  failed: 'Failed',
  queued: 'Pending',
  analyzing: 'Pending',
};

/**
 * Every report of the page, newest first: the list of the history and the chart's data table.
 * Failed and pending reports are here though the chart leaves them out.
 */
export function HistoryTable({ entries }: { entries: readonly PageHistoryEntry[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Every report of this page, newest first</caption>
      <thead className="text-slate-700">
        <tr>
          <th scope="col" className="py-2 pr-3 font-semibold">
            Report
          </th>
          <th scope="col" className="py-2 pr-3 font-semibold">
            Score
          </th>
          <th scope="col" className="py-2 font-semibold">
            <span className="sr-only">Compare</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry, index) => {
          const previous =
            entry.status === 'completed' ? previousCompleted(entries, entry.access_token) : null;
          const when = new Date(entry.created_at).toLocaleString(undefined, {
            dateStyle: 'medium',
            timeStyle: 'short',
          });
          return (
            <tr
              key={entry.access_token}
              className="border-t border-slate-200 align-top"
              data-testid="history-row"
            >
              <th scope="row" className="py-2 pr-3 font-normal">
                <AppLink
                  to={PATHS.reportFor(entry.access_token)}
                  className="font-medium text-brand-700 underline"
                >
                  <time dateTime={entry.created_at}>{when}</time>
                </AppLink>
                {modelChangesAt(entries, index) ? (
                  <span className="block text-xs text-slate-600">
                    Score model {entry.score_model}
                  </span>
                ) : null}
              </th>
              <td className="py-2 pr-3">
                {entry.score !== null ? (
                  <Badge tone={scoreTone(entry.score)}>{entry.score}</Badge>
                ) : (
                  <Badge tone={statusTone(entry.status)}>{STATUS_LABEL[entry.status]}</Badge>
                )}
              </td>
              <td className="py-2 text-right">
                {previous ? (
                  <AppLink
                    to={PATHS.compareFor(previous.access_token, entry.access_token)}
                    className="font-medium text-brand-700 underline"
                  >
                    Compare with previous
                  </AppLink>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * Whether a row names its score model: only where the model differs from the next older scored
 * report's (the table is newest first), so scores across a model change are not read as one
 * ruler — and a history made under one model does not repeat it on every row (issue 27).
 */
export function modelChangesAt(entries: readonly PageHistoryEntry[], index: number): boolean {
  const model = entries[index]?.score_model ?? null;
  if (model === null) return false;
  const older = entries.slice(index + 1).find((entry) => entry.score_model !== null);
  return older !== undefined && older.score_model !== model;
}
