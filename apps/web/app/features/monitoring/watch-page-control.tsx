import { catalogueEntry } from '@crawlwise/shared/error-catalogue';
import { PATHS } from '@crawlwise/shared/routes';
import {
  DEFAULT_WATCH_THRESHOLD,
  MAX_WATCH_THRESHOLD,
  MIN_WATCH_THRESHOLD,
  WATCH_FREQUENCIES,
  type WatchFrequency,
  type WatchView,
} from '@crawlwise/shared/watches';
import { BellRing, Check } from 'lucide-react';
import { type FormEvent, useEffect, useState, useSyncExternalStore } from 'react';
import { AppLink } from '../../components/app-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { sessionStore } from '../auth/session-store.ts';
import { createWatch, listWatches } from './api/watch-api.ts';
import { FREQUENCY_LABEL } from './watch-copy.ts';

type ControlState =
  | { kind: 'checking' }
  | { kind: 'idle'; error?: string }
  | { kind: 'saving' }
  | { kind: 'watching'; watch: WatchView };

/** The control's element id (the e2e test judges this part of the report page). */
export const WATCH_CONTROL_ID = 'watch-this-page';

const SELECT_CLASSES =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';

/**
 * "Watch this page" under a finished report, for a signed-in reader: Crawlwise re-checks the
 * page daily or weekly and mails when it gets worse (docs/monitoring.md). Anonymous readers do
 * not see it (a watch mails an account).
 */
export function WatchPageControl({ url, accessToken }: { url: string; accessToken: string }) {
  // The session as the site header loaded it: this control only follows it (no session fetch
  // of its own), and stays hidden until it is known.
  const auth = useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.get,
    sessionStore.getServerSnapshot,
  );
  const signedIn = auth.status === 'signed-in';
  const [state, setState] = useState<ControlState>({ kind: 'checking' });
  const [frequency, setFrequency] = useState<WatchFrequency>('daily');
  const [threshold, setThreshold] = useState(String(DEFAULT_WATCH_THRESHOLD));

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    void listWatches().then((result) => {
      if (!current) return;
      const existing = result.ok ? result.data.watches.find((watch) => watch.url === url) : null;
      setState(existing ? { kind: 'watching', watch: existing } : { kind: 'idle' });
    });
    return () => {
      current = false;
    };
  }, [signedIn, url]);

  if (!signedIn) return null;

  const points = Number(threshold);
  const thresholdValid =
    Number.isInteger(points) && points >= MIN_WATCH_THRESHOLD && points <= MAX_WATCH_THRESHOLD;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!thresholdValid) return;
    setState({ kind: 'saving' });
    const result = await createWatch({
      url,
      frequency,
      threshold: points,
      reportToken: accessToken,
    });
    if (result.ok) {
      setState({ kind: 'watching', watch: result.data.watch });
      return;
    }
    if (result.code === 'watch_exists') {
      const listed = await listWatches();
      const existing = listed.ok ? listed.data.watches.find((watch) => watch.url === url) : null;
      if (existing) {
        setState({ kind: 'watching', watch: existing });
        return;
      }
    }
    setState({ kind: 'idle', error: result.message ?? catalogueEntry(result.code).description });
  };

  return (
    <Card id={WATCH_CONTROL_ID}>
      <div className="flex items-start gap-3">
        <BellRing className="mt-1 size-5 shrink-0 text-brand-600" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 id="watch-page-heading" className="text-lg font-semibold text-slate-900">
            Watch this page
          </h2>
          {state.kind === 'watching' ? (
            <p className="mt-1 text-slate-700" role="status">
              <Check className="mr-1 inline size-4 text-green-700" aria-hidden />
              {FREQUENCY_LABEL[state.watch.frequency]} checks are on: you get an email when the
              score drops by {state.watch.threshold} points or more, or a new critical problem
              appears.{' '}
              <AppLink to={PATHS.profile} className="font-medium text-brand-700 underline">
                Manage your watches
              </AppLink>
            </p>
          ) : (
            <form className="mt-1" onSubmit={submit} aria-label="Watch this page">
              <p className="text-slate-700">
                Crawlwise checks this page again on a schedule and emails you when its score drops
                or a new critical problem appears.
              </p>
              <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
                <FormField id="watch-frequency" label="How often">
                  {(describedBy) => (
                    <select
                      id="watch-frequency"
                      className={SELECT_CLASSES}
                      value={frequency}
                      aria-describedby={describedBy}
                      onChange={(event) => setFrequency(event.target.value as WatchFrequency)}
                    >
                      {WATCH_FREQUENCIES.map((each) => (
                        <option key={each} value={each}>
                          {FREQUENCY_LABEL[each]}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
                <FormField
                  id="watch-threshold"
                  label="Email me after a drop of (points)"
                  error={
                    thresholdValid
                      ? undefined
                      : `A whole number from ${MIN_WATCH_THRESHOLD} to ${MAX_WATCH_THRESHOLD}.`
                  }
                >
                  {(describedBy) => (
                    <Input
                      id="watch-threshold"
                      type="number"
                      inputMode="numeric"
                      min={MIN_WATCH_THRESHOLD}
                      max={MAX_WATCH_THRESHOLD}
                      value={threshold}
                      invalid={!thresholdValid}
                      aria-describedby={describedBy}
                      onChange={(event) => setThreshold(event.target.value)}
                    />
                  )}
                </FormField>
                <Button
                  type="submit"
                  disabled={state.kind !== 'idle' || !thresholdValid}
                  className="w-full sm:w-auto"
                >
                  {state.kind === 'saving' || state.kind === 'checking' ? <Spinner /> : null}
                  Watch this page
                </Button>
              </div>
              {state.kind === 'idle' && state.error ? (
                <p className="mt-3 text-sm text-red-700" role="alert">
                  {state.error}
                </p>
              ) : null}
            </form>
          )}
        </div>
      </div>
    </Card>
  );
}
