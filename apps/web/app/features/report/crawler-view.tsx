import { detailsOf } from '@crawlwise/shared/check-details';
import type { ReportIssue } from '@crawlwise/shared/report';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { crawlerSignals, type SideValue } from './report-model.ts';

function Side({ value }: { value: SideValue }) {
  if (value === null) return <span className="text-slate-600">None</span>;
  if (typeof value === 'string') return <span className="wrap-anywhere">{value}</span>;
  if (value.length === 0) return <span className="text-slate-600">None</span>;
  return (
    <ul className="list-disc space-y-0.5 pl-4">
      {value.map((entry) => (
        <li key={entry} className="wrap-anywhere">
          {entry}
        </li>
      ))}
    </ul>
  );
}

/**
 * What crawlers that do not run script read (the server HTML) beside what Google indexes (the
 * page after JavaScript), for every signal the rendered-* checks and js-rendering compared.
 */
export function CrawlerView({ issues }: { issues: readonly ReportIssue[] }) {
  const signals = crawlerSignals(issues);
  if (signals.length === 0) return null;
  const missing = signals.find((signal) => signal.missingSample !== null);
  const missingWords = missing && detailsOf(missing.finding, 'js-rendering')?.missingWords;
  return (
    <Card>
      <section aria-labelledby="crawler-view-heading">
        <h2 id="crawler-view-heading" className="text-lg font-semibold text-slate-900">
          What crawlers see
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          The server HTML is what Bing, most AI crawlers and link previews read; the page after
          JavaScript is what Google indexes.
        </p>
        <div className="mt-4 overflow-x-auto">
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">Server HTML compared with the rendered page</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="w-[32%] py-2 pr-3 font-semibold">
                  Signal
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Server HTML
                </th>
                <th scope="col" className="py-2 font-semibold">
                  After JavaScript
                </th>
              </tr>
            </thead>
            <tbody>
              {signals.map((signal) => {
                const badge = signal.comparison;
                return (
                  <tr
                    key={signal.check}
                    className="border-t border-slate-200 align-top"
                    data-check={signal.check}
                  >
                    <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                      <span className="block">{signal.signal}</span>
                      {/* The result sits under the signal so both sides fit side by side at 375 px. */}
                      <Badge tone={badge.tone} className="mt-1">
                        {badge.label}
                      </Badge>
                      <span className="sr-only">: {signal.finding.message}</span>
                    </th>
                    {signal.skippedReason ? (
                      <td colSpan={2} className="py-2 pr-3 text-slate-700">
                        Not compared: {signal.skippedReason}
                      </td>
                    ) : (
                      <>
                        <td className="py-2 pr-3 text-slate-900">
                          <Side value={signal.server} />
                        </td>
                        <td className="py-2 text-slate-900">
                          <Side value={signal.rendered} />
                        </td>
                      </>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {missing ? (
          <div className="mt-4">
            <h3 className="font-semibold text-slate-900">Text only JavaScript shows</h3>
            <p className="mt-1 text-sm text-slate-700">
              {String(missingWords ?? '')} words of the page after JavaScript are not in the server
              HTML. A sample:
            </p>
            <blockquote className="mt-2 rounded-lg border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-900">
              {missing.missingSample}
            </blockquote>
          </div>
        ) : null}
      </section>
    </Card>
  );
}
