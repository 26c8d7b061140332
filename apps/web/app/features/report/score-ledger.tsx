import type { CategoryScore, ReportIssue } from '@crawlwise/shared/report';
import { Card } from '../../components/ui/card.tsx';
import { CATEGORY_LABEL, findingAnchor, fixesFirst, type LedgerRow } from './report-model.ts';

/**
 * Where the points went: each category's score and weight, then every deduction as a to-do,
 * biggest gain first ("fix this → +N points").
 */
export function ScoreLedger({
  categories,
  issues,
}: {
  categories: readonly CategoryScore[];
  issues: readonly ReportIssue[];
}) {
  const fixes = fixesFirst(categories, issues);
  return (
    <Card>
      <section aria-labelledby="ledger-heading">
        <h2 id="ledger-heading" className="text-lg font-semibold text-slate-900">
          Score ledger
        </h2>
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Score by category</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Category
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Score
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Points lost
                </th>
              </tr>
            </thead>
            <tbody>
              {categories.map((category) => {
                const lost = category.deductions.reduce((sum, entry) => sum + entry.points, 0);
                return (
                  <tr key={category.id} className="border-t border-slate-200">
                    <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                      {CATEGORY_LABEL[category.id]}
                    </th>
                    <td className="py-2 pr-4 text-slate-900">{category.score} / 100</td>
                    <td className="py-2 text-slate-700">
                      {lost} of {category.weight}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <h3 className="mt-6 font-semibold text-slate-900">Fix these first</h3>
        {fixes.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">No check cost any points.</p>
        ) : (
          <ol className="mt-2 space-y-2" aria-label="Deductions, biggest gain first">
            {fixes.map((entry) =>
              entry.kind === 'check' ? (
                <FixRow key={`${entry.row.category}:${entry.row.check}`} row={entry.row} />
              ) : (
                <li
                  key={entry.cause}
                  className="rounded-lg border border-slate-200 px-3 py-2 text-sm"
                  data-cause={entry.cause}
                >
                  <p className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="min-w-0 font-semibold text-slate-900">
                      One cause: {entry.title}
                    </span>
                    <span className="font-semibold text-green-800">→ +{entry.points} points</span>
                  </p>
                  <p className="mt-1 text-slate-700">{entry.howToFix}</p>
                  <ol
                    className="mt-2 space-y-1"
                    aria-label={`The ${entry.rows.length} findings it explains`}
                  >
                    {entry.rows.map((row) => (
                      <FixRow key={`${row.category}:${row.check}`} row={row} />
                    ))}
                  </ol>
                </li>
              ),
            )}
          </ol>
        )}
      </section>
    </Card>
  );
}

/** One deduction as a to-do: "Fix <finding> (Category) → +N points". */
function FixRow({ row }: { row: LedgerRow }) {
  return (
    <li
      className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm"
      data-check={row.check}
    >
      <span className="min-w-0 text-slate-900">
        Fix{' '}
        {row.message ? (
          <a href={findingAnchor(row.check)} className="underline hover:text-brand-700">
            {row.message}
          </a>
        ) : (
          row.check
        )}{' '}
        <span className="text-slate-700">({CATEGORY_LABEL[row.category]})</span>
      </span>
      <span className="font-semibold text-green-800">→ +{row.points} points</span>
    </li>
  );
}
