import { catalogueEntry, type ErrorCode, isErrorCode } from '@crawlwise/shared/error-catalogue';
import { CircleAlert, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { Report } from './api/get-report.ts';

/** Starting a fresh analysis of the report's address (the route wires it to report creation). */
export interface RerunControl {
  start(): void;
  starting: boolean;
  /** Why the new report was refused, in the catalogue's words; null when nothing went wrong. */
  error: string | null;
}

/**
 * The spec's red box. Its own colours rather than a Card's: the Card's white background would
 * win over a red one passed in, which is how the failed card came to render white.
 */
export function RedBox({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div
      role="alert"
      aria-label={label}
      className="rounded-2xl border border-red-200 bg-red-50 p-6 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <CircleAlert className="mt-0.5 size-6 shrink-0 text-red-600" aria-hidden />
        <div className="min-w-0">{children}</div>
      </div>
    </div>
  );
}

/**
 * Catalogue actions that only say "run it again" (or "refresh", which cannot revive a failed
 * report): the Try again button is that action, so the sentence is not repeated above it.
 */
const ACTIONS_MEANING_TRY_AGAIN: ReadonlySet<ErrorCode> = new Set([
  'analysis_failed',
  'function_timeout',
]);

/** The failure wording: the report's own message wins over the catalogue's description. */
export function failureDetails(report: Pick<Report, 'error_code' | 'error_message'>) {
  const code: ErrorCode = isErrorCode(report.error_code) ? report.error_code : 'analysis_failed';
  const entry = catalogueEntry(code);
  return {
    description: report.error_message || entry.description,
    action: ACTIONS_MEANING_TRY_AGAIN.has(code) ? undefined : entry.action,
  };
}

/** A failed report: what went wrong, and a Try again that starts a new report of the address. */
export function FailureBox({ report, rerun }: { report: Report; rerun: RerunControl }) {
  const { description, action } = failureDetails(report);
  return (
    <RedBox>
      <h2 className="text-lg font-semibold text-red-800">Analysis Failed</h2>
      <p className="mt-1 wrap-anywhere text-red-800">{description}</p>
      {action ? <p className="mt-2 text-sm text-red-800">{action}</p> : null}
      <Button
        variant="destructive"
        className="mt-4"
        onClick={rerun.start}
        disabled={rerun.starting}
        aria-busy={rerun.starting}
      >
        {rerun.starting ? <Spinner /> : <RotateCcw className="size-4" aria-hidden />}
        Try again
      </Button>
    </RedBox>
  );
}
