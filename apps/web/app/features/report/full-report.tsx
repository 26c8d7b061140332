import type { Report } from '@crawlwise/shared/report';
import { Card } from '../../components/ui/card.tsx';
import { BotAccessTable } from './bot-access-table.tsx';
import { CrawlerView } from './crawler-view.tsx';
import { FindingCard, PassedChecks } from './finding-card.tsx';
import { CATEGORY_LABEL, groupByCategory } from './report-model.ts';
import { RichResults } from './rich-results.tsx';
import { ScoreLedger } from './score-ledger.tsx';

/** Every finding, grouped by category; what passed sits collapsed under what needs work. */
function AllFindings({ report }: { report: Report }) {
  const groups = groupByCategory(report.issues, report.categories);
  return (
    <section aria-labelledby="findings-heading" className="space-y-4">
      <h2 id="findings-heading" className="text-lg font-semibold text-slate-900">
        All findings
      </h2>
      {groups.map((group) => (
        <Card key={group.category} className="space-y-3">
          <h3 className="flex flex-wrap items-baseline justify-between gap-2 font-semibold text-slate-900">
            <span>{CATEGORY_LABEL[group.category]}</span>
            {group.score ? (
              <span className="text-sm font-medium text-slate-700">
                Score {group.score.score} / 100
              </span>
            ) : null}
          </h3>
          {group.attention.length === 0 ? (
            <p className="text-sm text-slate-700">Nothing to fix in this category.</p>
          ) : (
            <ul className="space-y-3">
              {group.attention.map((finding) => (
                <li key={finding.id}>
                  <FindingCard finding={finding} />
                </li>
              ))}
            </ul>
          )}
          <PassedChecks findings={group.passed} />
        </Card>
      ))}
    </section>
  );
}

/** The signed-in reader's report (free during the beta): everything the analysis found. */
export function FullReport({ report }: { report: Report }) {
  return (
    <div className="space-y-6">
      <ScoreLedger categories={report.categories} issues={report.issues} />
      <AllFindings report={report} />
      <CrawlerView issues={report.issues} />
      <BotAccessTable issues={report.issues} />
      <RichResults issues={report.issues} />
    </div>
  );
}
