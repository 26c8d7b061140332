import type { CrawlerChange } from './api/get-comparison.ts';

type Side = NonNullable<CrawlerChange['before']>;
const OUTCOME_LABEL = {
  passed: 'Matches',
  failed: 'Differs',
  not_applicable: 'Nothing to compare',
  skipped: 'Not compared',
} as const;

function Value({ value }: { value: Side['server'] }) {
  if (value === null || value.length === 0) return <span className="text-slate-600">None</span>;
  return <span className="wrap-anywhere">{value.join(', ')}</span>;
}

function Cell({ side }: { side: CrawlerChange['before'] }) {
  if (!side) return <span className="text-slate-600">Not available</span>;
  return (
    <div className="space-y-1">
      <dl className="space-y-1">
        <div>
          <dt className="text-xs font-medium text-slate-700">Server HTML</dt>
          <dd>
            <Value value={side.server} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-700">After JavaScript</dt>
          <dd>
            <Value value={side.rendered} />
          </dd>
        </div>
      </dl>
      <p className="text-xs text-slate-700">{OUTCOME_LABEL[side.outcome]}</p>
    </div>
  );
}

/** The crawler-view signals that moved between the two reports. */
export function CrawlerChanges({ changes }: { changes: readonly CrawlerChange[] }) {
  if (changes.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        What crawlers see did not change (or neither report could compare it).
      </p>
    );
  }
  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="sr-only">Crawler view before and after</caption>
      <thead className="text-slate-700">
        <tr>
          <th scope="col" className="w-[28%] py-2 pr-3 font-semibold">
            Signal
          </th>
          <th scope="col" className="py-2 pr-3 font-semibold">
            Before
          </th>
          <th scope="col" className="py-2 font-semibold">
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr
            key={change.check}
            className="border-t border-slate-200 align-top"
            data-check={change.check}
          >
            <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
              {change.signal}
            </th>
            <td className="py-2 pr-3 text-slate-900">
              <Cell side={change.before} />
            </td>
            <td className="py-2 text-slate-900">
              <Cell side={change.after} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
