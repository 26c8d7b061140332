import { PATHS } from '@crawlwise/shared/routes';
import { ArrowRight, CircleAlert, Globe } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Island } from '../../islands/island.tsx';
import { cn } from '../../lib/cn.ts';
import { useUrlSubmission } from './use-url-submission.ts';

export interface UrlBarProps {
  buttonLabel?: string;
  className?: string;
}

/**
 * The web address bar. It is also a plain form that POSTs the address to /report, so a visitor
 * whose script has not loaded yet still gets a report (the server handles that fallback; a GET
 * there only asks to confirm, so links from other sites cannot create reports).
 */
export function UrlBar({ buttonLabel = 'Run free check', className }: UrlBarProps) {
  const inputId = useId();
  const alertId = useId();
  const [value, setValue] = useState('');
  const { state, submit, clearError } = useUrlSubmission();
  const submitting = state.status === 'submitting';
  const error = state.status === 'error' ? state.message : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(value);
  };

  return (
    <form
      method="post"
      action={PATHS.report}
      onSubmit={onSubmit}
      noValidate
      aria-busy={submitting}
      className={cn('w-full', className)}
    >
      <label htmlFor={inputId} className="sr-only">
        Website URL
      </label>
      <div className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-2 shadow-lg shadow-slate-200/60 sm:flex-row">
        <div className="relative flex-1">
          <Globe
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <Input
            id={inputId}
            name="url"
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder="Enter your website (e.g., example.com)"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              clearError();
            }}
            disabled={submitting}
            invalid={Boolean(error)}
            aria-describedby={error ? alertId : undefined}
            className="h-12 pl-10 text-base"
          />
        </div>
        <Button type="submit" size="lg" disabled={submitting} className="h-12">
          {submitting ? (
            <>
              <Spinner />
              Analyzing...
            </>
          ) : (
            <>
              {buttonLabel}
              <ArrowRight className="size-4" aria-hidden />
            </>
          )}
        </Button>
      </div>
      {error ? (
        <p
          id={alertId}
          role="alert"
          className="mt-2 flex items-start gap-1.5 text-left text-sm text-red-600"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** The URL bar as an island of a prerendered page (islands/island.tsx). */
export function UrlBarIsland(props: UrlBarProps) {
  return <Island name="url-bar" component={UrlBar} props={props} />;
}
