import { catalogueEntry } from '@crawlwise/shared/error-catalogue';
import { PATHS } from '@crawlwise/shared/routes';
import {
  DEFAULT_WATCH_THRESHOLD,
  MAX_WATCH_THRESHOLD,
  MIN_WATCH_THRESHOLD,
  WATCH_FREQUENCIES,
  type WatchFrequency,
  type WatchKind,
} from '@crawlwise/shared/watch-rules';
import type { WatchView } from '@crawlwise/shared/watches';
import { BellRing, Check } from 'lucide-react';
import { type FormEvent, useState, useSyncExternalStore } from 'react';
import { AppLink } from '../../components/app-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { asApiResult } from '../../lib/auth-result.ts';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { sessionStore } from '../auth/index.ts';
import { createWatch, listWatches } from './api/watch-api.ts';
import { FREQUENCY_LABEL } from './watch-copy.ts';

/** What the reader did here: nothing yet, a save under way, a refused save, or a new watch. */
type Submission =
  | { kind: 'none' }
  | { kind: 'saving' }
  | { kind: 'refused'; error: string }
  | { kind: 'created'; watch: WatchView };

/** What a control watches: a page from its report, or a site (or its crawl) from its site report. */
export type WatchTarget =
  | { kind: 'page'; url: string; accessToken: string }
  | { kind: 'site' | 'crawl'; url: string; siteCheckId: string };

/** The words and element ids that differ between "Watch this page" and "Watch this site". */
const COPY: Readonly<
  Record<WatchKind, { id: string; title: string; intro: string; drop: string }>
> = {
  page: {
    id: 'watch-this-page',
    title: 'Watch this page',
    intro:
      'Crawlwise checks this page again on a schedule and emails you when its score drops or a new critical problem appears.',
    drop: 'the score drops',
  },
  site: {
    id: 'watch-this-site',
    title: 'Watch this site',
    intro:
      'Crawlwise checks this site again from its sitemap on a schedule and emails you when its average score drops or a page gets a new critical problem. Each check counts towards your daily page allowance.',
    drop: 'the average score drops',
  },
  crawl: {
    id: 'watch-this-crawl',
    title: 'Watch this site',
    intro:
      'Crawlwise crawls this site again with the same settings on a schedule and emails you when its site score drops, an internal link breaks, a page stops being indexable or gets a new critical problem. Each crawl counts towards your daily page allowance.',
    drop: 'the site score drops',
  },
};

/** The control's element id on each screen (the e2e tests judge this part of the page). */
export const WATCH_CONTROL_IDS = {
  page: COPY.page.id,
  site: COPY.site.id,
  crawl: COPY.crawl.id,
} as const;

const SELECT_CLASSES =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';

/**
 * "Watch this page" under a finished report, or "Watch this site" under a finished site report,
 * for a signed-in reader: Crawlwise re-checks it daily or weekly and mails when it gets worse
 * (docs/monitoring.md). Anonymous readers do not see it (a watch mails an account).
 */
export function WatchControl({ target }: { target: WatchTarget }) {
  const { url, kind } = target;
  const copy = COPY[kind];
  const ids = { frequency: `${copy.id}-frequency`, threshold: `${copy.id}-threshold` };
  // The session as the site header loaded it: this control only follows it (no session fetch
  // of its own), and stays hidden until it is known.
  const auth = useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.get,
    sessionStore.getServerSnapshot,
  );
  const signedIn = auth.status === 'signed-in';
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  // Whether this target is already watched. A failed list is an error, never "not watching":
  // offering to watch what is watched would only end in watch_exists.
  const watches = useApiQuery(async (signal) => asApiResult(await listWatches(signal)), [userId], {
    enabled: signedIn,
  });
  // What was done here belongs to the target it was done for (a control re-used for another).
  const targetKey = `${kind} ${url}`;
  const [done, setDone] = useState<{ target: string; submission: Submission }>({
    target: targetKey,
    submission: { kind: 'none' },
  });
  const submission: Submission = done.target === targetKey ? done.submission : { kind: 'none' };
  const setSubmission = (next: Submission) => setDone({ target: targetKey, submission: next });
  const [frequency, setFrequency] = useState<WatchFrequency>('daily');
  const [threshold, setThreshold] = useState(String(DEFAULT_WATCH_THRESHOLD));

  if (!signedIn) return null;

  const watch =
    submission.kind === 'created'
      ? submission.watch
      : watches.status === 'success'
        ? (watches.data.watches.find(sameTarget(url, kind)) ?? null)
        : null;
  const checking = watches.status === 'loading' || watches.status === 'idle';
  const saving = submission.kind === 'saving';

  const points = Number(threshold);
  const thresholdValid =
    Number.isInteger(points) && points >= MIN_WATCH_THRESHOLD && points <= MAX_WATCH_THRESHOLD;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!thresholdValid) return;
    setSubmission({ kind: 'saving' });
    const result = await createWatch({
      url,
      kind,
      frequency,
      threshold: points,
      ...(target.kind === 'page'
        ? { reportToken: target.accessToken }
        : { siteCheckId: target.siteCheckId }),
    });
    if (result.ok) {
      setSubmission({ kind: 'created', watch: result.data.watch });
      watches.refetch();
      return;
    }
    if (result.code === 'watch_exists') {
      // Watched meanwhile (another tab): show that watch rather than the refusal.
      const listed = await listWatches();
      const existing = listed.ok ? listed.data.watches.find(sameTarget(url, kind)) : null;
      if (existing) {
        setSubmission({ kind: 'created', watch: existing });
        watches.refetch();
        return;
      }
    }
    setSubmission({
      kind: 'refused',
      error: result.message ?? catalogueEntry(result.code).description,
    });
  };

  return (
    <Card id={copy.id}>
      <div className="flex items-start gap-3">
        <BellRing className="mt-1 size-5 shrink-0 text-brand-600" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold text-slate-900">{copy.title}</h2>
          {watch ? (
            <p className="mt-1 text-slate-700" role="status">
              <Check className="mr-1 inline size-4 text-green-700" aria-hidden />
              {FREQUENCY_LABEL[watch.frequency]} checks are on: you get an email when {copy.drop} by{' '}
              {watch.threshold} points or more, or a new critical problem appears.{' '}
              <AppLink to={PATHS.profile} className="font-medium text-brand-700 underline">
                Manage your watches
              </AppLink>
            </p>
          ) : watches.status === 'error' ? (
            <div className="mt-1" role="alert">
              <p className="text-red-700">
                Your watches could not be loaded, so this {kind} cannot be offered for watching:{' '}
                {watches.message ?? catalogueEntry(watches.error).description}
              </p>
              <Button variant="outline" size="sm" className="mt-3" onClick={watches.refetch}>
                Try again
              </Button>
            </div>
          ) : (
            <form className="mt-1" onSubmit={submit} aria-label={copy.title}>
              <p className="text-slate-700">{copy.intro}</p>
              <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
                <FormField id={ids.frequency} label="How often">
                  {(describedBy) => (
                    <select
                      id={ids.frequency}
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
                  id={ids.threshold}
                  label="Email me after a drop of (points)"
                  error={
                    thresholdValid
                      ? undefined
                      : `A whole number from ${MIN_WATCH_THRESHOLD} to ${MAX_WATCH_THRESHOLD}.`
                  }
                >
                  {(describedBy) => (
                    <Input
                      id={ids.threshold}
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
                  disabled={checking || saving || !thresholdValid}
                  className="w-full sm:w-auto"
                >
                  {saving || checking ? <Spinner /> : null}
                  {copy.title}
                </Button>
              </div>
              {submission.kind === 'refused' ? (
                <p className="mt-3 text-sm text-red-700" role="alert">
                  {submission.error}
                </p>
              ) : null}
            </form>
          )}
        </div>
      </div>
    </Card>
  );
}

function sameTarget(url: string, kind: WatchKind) {
  return (watch: WatchView) => watch.url === url && watch.kind === kind;
}
