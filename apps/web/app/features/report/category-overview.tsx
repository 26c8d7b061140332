import type { Report, ScoredFinding } from '@crawlwise/shared/report';
import { isLockedIssue } from '@crawlwise/shared/report-basics';
import { PATHS } from '@crawlwise/shared/routes';
import { Lock } from 'lucide-react';
import { AppLink } from '../../components/app-link.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PassedChecks } from './finding-card.tsx';
import { CATEGORY_LABEL, countByCategory, needsAttention } from './report-model.ts';

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * What an anonymous reader gets beyond the top issues: each category's score and how many
 * findings it holds (the locked ones counted, not shown), the passed checks, and sign-in as the
 * way to the rest.
 */
export function CategoryOverview({ report, accessToken }: { report: Report; accessToken: string }) {
  const counts = countByCategory(report.issues, report.categories);
  const passed = report.issues.filter(
    (issue): issue is ScoredFinding => !isLockedIssue(issue) && !needsAttention(issue),
  );
  const total = report.issues.length;
  return (
    <Card>
      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-lg font-semibold text-slate-900">
          Scores by category
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {counts.map((entry) => (
            <li
              key={entry.category}
              className="rounded-xl border border-slate-200 p-4"
              data-category={entry.category}
            >
              <p className="font-medium text-slate-900">{CATEGORY_LABEL[entry.category]}</p>
              <p className="mt-1 text-2xl font-bold text-slate-900">
                {entry.score ? `${entry.score.score} / 100` : '—'}
              </p>
              <p className="mt-1 text-sm text-slate-700">
                {plural(entry.findings, 'finding')}, {plural(entry.issues, 'issue')} to fix
              </p>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <AppLink
            to={PATHS.authThenReturnTo(PATHS.reportFor(accessToken))}
            className={buttonClasses('secondary')}
          >
            <Lock className="size-4" aria-hidden />
            Sign in to see all {plural(total, 'finding')}
          </AppLink>
          <p className="text-sm text-slate-700">Free while we are in beta.</p>
        </div>
        {passed.length > 0 ? (
          <div className="mt-4">
            <PassedChecks findings={passed} />
          </div>
        ) : null}
      </section>
    </Card>
  );
}
