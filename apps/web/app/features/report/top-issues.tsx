import { topIssues } from '@crawlwise/shared/display';
import { FREE_TOP_ISSUES, isLockedIssue } from '@crawlwise/shared/report-basics';
import { PATHS } from '@crawlwise/shared/routes';
import { CircleAlert, Lock, TriangleAlert } from 'lucide-react';
import { AppLink } from '../../components/app-link.tsx';
import { Card } from '../../components/ui/card.tsx';
import type { ReportIssue } from './api/get-report.ts';

function SeverityIcon({ severity }: { severity: string }) {
  return severity === 'critical' ? (
    <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-600" aria-label="Critical" />
  ) : (
    <TriangleAlert className="mt-0.5 size-5 shrink-0 text-yellow-700" aria-label="Warning" />
  );
}

/**
 * The critical and warning issues: the first three in full and the fourth after them, which the
 * server sends locked (no text) to anonymous readers.
 */
export function TopIssues({
  issues,
  accessToken,
}: {
  issues: readonly ReportIssue[] | null | undefined;
  /** The report being read: "Sign in to see" comes back to it after signing in. */
  accessToken?: string | null;
}) {
  const top = topIssues(issues ?? []);
  const shown = top.slice(0, FREE_TOP_ISSUES + 1);
  return (
    <Card>
      <h2 className="font-semibold text-slate-900">Top Issues ({top.length})</h2>
      {shown.length === 0 ? (
        <p className="mt-4 text-slate-600">No critical issues or warnings found. Nice work!</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {shown.map((issue) =>
            isLockedIssue(issue) ? (
              <li
                key={issue.id}
                className="relative overflow-hidden rounded-xl border border-slate-200 p-4"
              >
                <div aria-hidden className="flex gap-3 blur-sm select-none">
                  <SeverityIcon severity={issue.severity} />
                  <div>
                    <p className="font-medium">Another {issue.category} issue</p>
                    <p className="text-sm text-slate-600">
                      What it means for your ranking and how to fix it, step by step.
                    </p>
                  </div>
                </div>
                <div className="absolute inset-0 flex items-center justify-center bg-white/40">
                  <AppLink
                    to={
                      accessToken
                        ? PATHS.authThenReturnTo(PATHS.reportFor(accessToken))
                        : PATHS.auth
                    }
                    className="flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700"
                  >
                    <Lock className="size-4" aria-hidden />
                    Sign in to see
                  </AppLink>
                </div>
              </li>
            ) : (
              <li key={issue.id} className="flex gap-3 rounded-xl border border-slate-200 p-4">
                <SeverityIcon severity={issue.severity} />
                <div className="min-w-0 wrap-anywhere">
                  <p className="font-medium text-slate-900">{issue.message}</p>
                  {issue.why ? <p className="mt-1 text-sm text-slate-600">{issue.why}</p> : null}
                </div>
              </li>
            ),
          )}
        </ul>
      )}
    </Card>
  );
}
