import { PROFILE_MESSAGES } from '@crawlwise/shared/accounts';
import { relativeTime, scoreTone, statusTone } from '@crawlwise/shared/display';
import { PATHS } from '@crawlwise/shared/routes';
import { FileSearch, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { AppLink } from '../../components/app-link.tsx';
import { PageHistoryLink } from '../../components/page-history-link.tsx';
import { Address } from '../../components/ui/address.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TONE_TEXT_SMALL } from '../../components/ui/tone.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { deleteReport, type HistoryReport } from './api/profile-api.ts';
import type { useReportHistory } from './use-report-history.ts';

const SKELETONS = 3;

/** My SEO Reports: skeletons, the empty state, the rows, Load More, and Delete per row. */
export function ReportHistory({ history }: { history: ReturnType<typeof useReportHistory> }) {
  const [pending, setPending] = useState<HistoryReport | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirmDelete = async () => {
    if (!pending) return;
    setDeleting(true);
    const result = await deleteReport(pending.access_token);
    setDeleting(false);
    if (!result.ok) {
      notifyError(
        PROFILE_MESSAGES.reportDeleteFailed.title,
        result.message ?? PROFILE_MESSAGES.reportDeleteFailed.description,
      );
      return;
    }
    history.removed(pending.access_token);
    setPending(null);
    notifySuccess(PROFILE_MESSAGES.reportDeleted.title, PROFILE_MESSAGES.reportDeleted.description);
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">My SEO Reports</h2>
      {history.loading ? (
        <ul className="mt-4 space-y-3" aria-busy="true" aria-label="Loading your reports">
          {Array.from({ length: SKELETONS }, (_, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              key={index}
              data-testid="report-skeleton"
              className="h-16 animate-pulse rounded-xl bg-slate-100"
            />
          ))}
        </ul>
      ) : history.reports.length === 0 ? (
        <div className="mt-6 flex flex-col items-center py-6 text-center">
          <FileSearch className="size-10 text-slate-400" aria-hidden />
          <p className="mt-3 font-semibold text-slate-900">No reports yet</p>
          <p className="mt-1 max-w-sm text-slate-600">
            You haven't run any SEO analyses yet. Start by analyzing your first website!
          </p>
          <AppLink to={PATHS.runATest} className={`${buttonClasses('primary')} mt-5`}>
            Run Your First Test
          </AppLink>
        </div>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-slate-100">
            {history.reports.map((report) => (
              <ReportRow
                key={report.access_token}
                report={report}
                onDelete={() => setPending(report)}
              />
            ))}
          </ul>
          {history.hasMore ? (
            <div className="mt-4 flex justify-center">
              <Button variant="outline" onClick={history.loadMore} disabled={history.loadingMore}>
                {history.loadingMore ? <Spinner /> : null}
                Load More
              </Button>
            </div>
          ) : null}
        </>
      )}
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title="Delete this report?"
        description="The report and its analysis are erased for good; its link stops working."
      >
        <p className="break-all text-sm text-slate-700">{pending?.url}</p>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="outline" onClick={() => setPending(null)} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirmDelete} disabled={deleting}>
            {deleting ? <Spinner /> : <Trash2 className="size-4" aria-hidden />}
            Delete
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}

function ReportRow({ report, onDelete }: { report: HistoryReport; onDelete: () => void }) {
  const score = report.score;
  return (
    <li className="flex items-center gap-3 py-3">
      <AppLink
        to={PATHS.reportFor(report.access_token)}
        className="min-w-0 flex-1 rounded-lg px-2 py-1 hover:bg-slate-50"
      >
        <Address url={report.url} className="font-medium text-slate-900" />
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className={TONE_TEXT_SMALL[scoreTone(score)]}>
            {typeof score === 'number' ? `Score: ${score}` : 'N/A'}
          </span>
          <span>{relativeTime(report.created_at)}</span>
          <Badge tone={statusTone(report.status)}>{report.status}</Badge>
        </p>
      </AppLink>
      <PageHistoryLink url={report.url} />
      <Button
        variant="ghost"
        size="sm"
        onClick={onDelete}
        aria-label={`Delete report for ${report.url}`}
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </li>
  );
}
