import { catalogueEntry, type ErrorCode } from '@crawlwise/shared/error-catalogue';
import { PATHS } from '@crawlwise/shared/routes';
import { CircleAlert, Info } from 'lucide-react';
import { AppLink } from '../../components/app-link.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { ApiQueryResult } from '../../lib/use-api-query.ts';
import type { ReportComparison } from './api/get-comparison.ts';
import { CategoryDeltas } from './category-deltas.tsx';
import { scoreChangeText } from './compare-model.ts';
import { CrawlerChanges } from './crawler-changes.tsx';
import { Delta } from './delta.tsx';
import { FindingChanges } from './finding-changes.tsx';
import { ShareLink } from './share-link.tsx';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Two reports of one page side by side: score, categories, findings and crawler view. */
export function CompareScreen({
  state,
  path,
}: {
  state: ApiQueryResult<ReportComparison>;
  /** This screen's own address (the link to share). */
  path: string;
}) {
  return (
    <Container className="min-h-svh space-y-6 py-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold">Compare reports</h1>
          <p className="mt-1 min-h-6 break-all text-slate-600">
            {state.status === 'success' ? state.data.url : '\u00a0'}
          </p>
        </div>
        {state.status === 'success' ? <ShareLink path={path} /> : null}
      </div>
      {state.status === 'error' ? (
        <CompareError code={state.error} message={state.message} />
      ) : state.status !== 'success' ? (
        <Card className="flex items-center gap-3 text-slate-600">
          <Spinner />
          Loading the comparison...
        </Card>
      ) : (
        <Comparison comparison={state.data} path={path} />
      )}
    </Container>
  );
}

function Comparison({ comparison, path }: { comparison: ReportComparison; path: string }) {
  const { before, after } = comparison;
  return (
    <>
      <Card>
        <section aria-labelledby="score-heading">
          <h2 id="score-heading" className="text-lg font-semibold text-slate-900">
            Score
          </h2>
          <div className="mt-3 grid gap-4 sm:grid-cols-3">
            <ReportSide label="Before" report={before} />
            <ReportSide label="After" report={after} />
            <div>
              <p className="text-sm text-slate-700">Change</p>
              <p className="mt-1 text-2xl font-bold">
                <Delta value={comparison.score_delta} label="Score change" />
              </p>
            </div>
          </div>
          <p className="mt-3 text-sm text-slate-700">{scoreChangeText(comparison.score_delta)}</p>
          {!comparison.same_score_model ? (
            <p className="mt-3 flex items-start gap-2 rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
              These reports were scored by different score models ({before.score_model ?? '?'} and{' '}
              {after.score_model ?? '?'}): part of the change may come from the model, not the page.
            </p>
          ) : null}
        </section>
      </Card>
      {comparison.access === 'anonymous' ? (
        <Card className="border-brand-200 bg-brand-50">
          <p className="text-slate-900">
            Some findings are locked.{' '}
            <AppLink
              to={PATHS.authThenReturnTo(path)}
              className="font-medium text-brand-700 underline"
            >
              Sign in to see every finding
            </AppLink>{' '}
            in this comparison.
          </p>
        </Card>
      ) : null}
      <Card>
        <section aria-labelledby="categories-heading">
          <h2 id="categories-heading" className="text-lg font-semibold text-slate-900">
            Categories
          </h2>
          <div className="mt-3">
            <CategoryDeltas categories={comparison.categories} />
          </div>
        </section>
      </Card>
      <Card>
        <section aria-labelledby="findings-heading">
          <h2 id="findings-heading" className="text-lg font-semibold text-slate-900">
            Findings
          </h2>
          <div className="mt-3">
            <FindingChanges
              findings={comparison.findings}
              unchanged={comparison.unchanged_problems}
            />
          </div>
        </section>
      </Card>
      <Card>
        <section aria-labelledby="crawler-heading">
          <h2 id="crawler-heading" className="text-lg font-semibold text-slate-900">
            What crawlers see
          </h2>
          <div className="mt-3">
            <CrawlerChanges changes={comparison.crawler} />
          </div>
        </section>
      </Card>
    </>
  );
}

function ReportSide({ label, report }: { label: string; report: ReportComparison['before'] }) {
  return (
    <div>
      <p className="text-sm text-slate-700">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{report.score}</p>
      <AppLink
        to={PATHS.reportFor(report.access_token)}
        className="text-sm font-medium text-brand-700 underline"
      >
        <span className="sr-only">{label} report of </span>
        <time dateTime={report.created_at}>{when(report.created_at)}</time>
      </AppLink>
    </div>
  );
}

function CompareError({ code, message }: { code: ErrorCode; message?: string }) {
  const entry = catalogueEntry(code);
  return (
    <Card className="border-red-200 bg-red-50" role="alert">
      <div className="flex items-start gap-3">
        <CircleAlert className="mt-0.5 size-6 shrink-0 text-red-600" aria-hidden />
        <div>
          <p className="font-semibold text-red-800">Error: {entry.title}</p>
          <p className="mt-1 text-red-700">{message ?? entry.description}</p>
          {entry.action ? <p className="mt-2 text-sm text-red-700">{entry.action}</p> : null}
          <AppLink
            to={PATHS.profile}
            className="mt-3 inline-block text-sm font-medium text-red-800 underline"
          >
            Go to your reports
          </AppLink>
        </div>
      </div>
    </Card>
  );
}
