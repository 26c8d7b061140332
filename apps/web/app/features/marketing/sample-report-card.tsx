import { scoreTone, type Tone } from '@crawlwise/shared/display';
import { CircleAlert, TriangleAlert } from 'lucide-react';
import { ScoreDial } from '../../components/ui/score-dial.tsx';
import { cn } from '../../lib/cn.ts';
import { SAMPLE_REPORT, type SampleIssue } from './sample-report.ts';

/**
 * The product, shown: the sample report (sample-report.ts) drawn the way the report screen draws
 * a result, as static markup. Nothing animates or loads, so the prerendered page already holds
 * its final size (no layout shift) and the home page loads no report code.
 */

const FREE_FIXES = 3;

/** Bar fills; the number beside each bar carries the value, so colour is never the only cue. */
const BAR_FILL: Record<Tone, string> = {
  green: 'bg-green-500',
  blue: 'bg-blue-500',
  yellow: 'bg-amber-400',
  red: 'bg-red-500',
  gray: 'bg-slate-300',
};

function host(address: string): string {
  return new URL(address).host;
}

function SampleScore({ score }: { score: number }) {
  return (
    <div className="relative size-28 shrink-0" role="img" aria-label={`Score ${score} out of 100`}>
      <ScoreDial value={score} tone={scoreTone(score)} />
      <div className="absolute inset-0 flex flex-col items-center justify-center" aria-hidden>
        <span className="text-3xl font-bold text-slate-900">{score}</span>
        <span className="text-xs text-slate-600">/ 100</span>
      </div>
    </div>
  );
}

function IssueRow({ issue }: { issue: SampleIssue }) {
  const critical = issue.severity === 'critical';
  const Icon = critical ? CircleAlert : TriangleAlert;
  return (
    <li className="flex items-start gap-3 py-2.5">
      <Icon
        className={cn('mt-0.5 size-5 shrink-0', critical ? 'text-red-600' : 'text-amber-600')}
        aria-hidden
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900">{issue.message}</p>
        <p className={cn('text-xs', critical ? 'text-red-700' : 'text-amber-800')}>
          {critical ? 'Critical' : 'Warning'} · {issue.check}
        </p>
      </div>
      <span className="shrink-0 text-xs font-semibold text-slate-600">−{issue.points} pts</span>
    </li>
  );
}

export function SampleReportCard({ className }: { className?: string }) {
  const { address, score, categories, issues, checkCount } = SAMPLE_REPORT;
  const more = issues.length - FREE_FIXES;
  return (
    <figure className={cn('min-w-0 text-left', className)} aria-label="Sample report">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl shadow-slate-300/40">
        <div className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2.5">
          <span className="flex gap-1.5" aria-hidden>
            <span className="size-2.5 rounded-full bg-slate-300" />
            <span className="size-2.5 rounded-full bg-slate-300" />
            <span className="size-2.5 rounded-full bg-slate-300" />
          </span>
          <span className="min-w-0 flex-1 truncate rounded-md bg-white px-2.5 py-1 text-xs text-slate-600 ring-1 ring-slate-200">
            SEO report for {host(address)}
          </span>
          <span className="shrink-0 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
            Sample
          </span>
        </div>

        <div className="grid gap-5 p-5 sm:grid-cols-[auto_1fr] sm:items-center">
          <div className="flex items-center gap-4 sm:flex-col sm:gap-2">
            <SampleScore score={score} />
            <p className="text-sm font-semibold text-slate-900">SEO Health</p>
          </div>
          <ul className="grid gap-2" aria-label="Scores by category">
            {categories.map((category) => (
              <li key={category.id} className="grid grid-cols-[6.5rem_1fr_2rem] items-center gap-2">
                <span className="text-xs text-slate-700">{category.label}</span>
                <span className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
                  <span
                    className={cn('block h-full rounded-full', BAR_FILL[scoreTone(category.score)])}
                    style={{ width: `${category.score}%` }}
                  />
                </span>
                <span className="text-right text-xs font-semibold text-slate-900">
                  {category.score}
                </span>
              </li>
            ))}
          </ul>
        </div>

        <div className="border-t border-slate-200 px-5 pt-3 pb-4">
          <p className="text-sm font-semibold text-slate-900">Top {FREE_FIXES} fixes</p>
          <ol className="divide-y divide-slate-100">
            {issues.slice(0, FREE_FIXES).map((issue) => (
              <IssueRow key={issue.check} issue={issue} />
            ))}
          </ol>
          <p className="mt-1 text-xs text-slate-600">
            {more} more issues and {checkCount - issues.length} other checks in the full report.
          </p>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-sm text-slate-600">
        A sample: Crawlwise's real checks and score on a small bakery's home page.
      </figcaption>
    </figure>
  );
}
