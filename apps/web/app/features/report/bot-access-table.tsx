import type { ReportIssue } from '@crawlwise/shared/report';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { botRows } from './report-model.ts';

const KIND_LABEL: Record<string, string> = {
  search: 'Search',
  assistant: 'AI assistant',
  training: 'AI training',
};

function Access({ allowed }: { allowed: boolean | null }) {
  if (allowed === null) return <Badge tone="gray">Unknown</Badge>;
  return allowed ? <Badge tone="green">Allowed</Badge> : <Badge tone="red">Blocked</Badge>;
}

/** Which crawlers robots.txt lets fetch the page (the `bot-access` check's verdicts). */
export function BotAccessTable({ issues }: { issues: readonly ReportIssue[] }) {
  const rows = botRows(issues);
  if (rows.length === 0) return null;
  return (
    <Card>
      <section aria-labelledby="bot-access-heading">
        <h2 id="bot-access-heading" className="text-lg font-semibold text-slate-900">
          Bot access
        </h2>
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Crawlers robots.txt allows or blocks</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Crawler
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Access
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Deciding rule
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.bot} className="border-t border-slate-200">
                  <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                    <span className="block wrap-anywhere">{row.bot}</span>
                    <span className="block text-xs font-normal text-slate-700">
                      {KIND_LABEL[row.kind] ?? row.kind}
                    </span>
                  </th>
                  <td className="py-2 pr-3">
                    <Access allowed={row.allowed} />
                  </td>
                  <td className="py-2 break-all text-slate-700">
                    {row.rule ? <code>{row.rule}</code> : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </Card>
  );
}
