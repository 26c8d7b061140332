import { scoreTone } from '@crawlwise/shared/display';
import type { WatchView } from '@crawlwise/shared/watches';
import { BellOff, BellRing } from 'lucide-react';
import { useState } from 'react';
import { Address } from '../../components/ui/address.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TONE_TEXT_SMALL } from '../../components/ui/tone.ts';
import { asApiResult } from '../../lib/auth-result.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { listWatches, removeWatch } from './api/watch-api.ts';
import { FREQUENCY_LABEL, KIND_LABEL } from './watch-copy.ts';

/** The profile's "Watches": what the account monitors, with a Remove per watch. */
export function WatchList() {
  const query = useApiQuery(async (signal) => asApiResult(await listWatches(signal)), []);
  // Removed rows go at once; the refetch after a removal then confirms the list from the server.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<string | null>(null);
  const failed = query.status === 'error';
  const watches =
    query.status === 'success'
      ? query.data.watches.filter((watch) => !removed.has(watch.id))
      : null;

  const remove = async (watch: WatchView) => {
    setRemoving(watch.id);
    const result = await removeWatch(watch.id);
    setRemoving(null);
    if (!result.ok && result.code !== 'watch_not_found') {
      notifyError('Could not remove the watch', result.message ?? 'Please try again.');
      return;
    }
    setRemoved((current) => new Set(current).add(watch.id));
    query.refetch();
    notifySuccess('Watch removed', `Crawlwise stopped checking ${watch.url}.`);
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Watches</h2>
      {failed ? (
        <p className="mt-3 text-slate-600">
          Your watches could not be loaded. Reload to try again.
        </p>
      ) : watches === null ? (
        <div className="mt-4 h-16 animate-pulse rounded-xl bg-slate-100" aria-hidden />
      ) : watches.length === 0 ? (
        <p className="mt-3 flex items-start gap-2 text-slate-600">
          <BellRing className="mt-1 size-4 shrink-0 text-slate-400" aria-hidden />
          No watches yet. Open one of your reports and choose “Watch this page”, or a site report
          and choose “Watch this site”, to get an email when it gets worse.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {watches.map((watch) => (
            <li key={watch.id} className="flex items-center gap-3 py-3" data-testid="watch-row">
              <div className="min-w-0 flex-1 px-2">
                <Address url={watch.url} className="font-medium text-slate-900" />
                <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
                  <span className="font-medium text-slate-700">{KIND_LABEL[watch.kind]}</span>
                  <span>{FREQUENCY_LABEL[watch.frequency]}</span>
                  <span>Alert at −{watch.threshold} points</span>
                  {typeof watch.last_score === 'number' ? (
                    <span className={TONE_TEXT_SMALL[scoreTone(watch.last_score)]}>
                      {LAST_SCORE_LABEL[watch.kind]}: {watch.last_score}
                    </span>
                  ) : null}
                  <span>Next check {nextCheck(watch.next_run_at)}</span>
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void remove(watch)}
                disabled={removing === watch.id}
                aria-label={`Remove the watch of ${watch.url}`}
              >
                <BellOff className="size-4" aria-hidden />
                <span className="hidden sm:inline">Remove</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** What a watch's last score is: a page's, a site's average, or a crawl's site score. */
const LAST_SCORE_LABEL = {
  page: 'Last score',
  site: 'Last average score',
  crawl: 'Last site score',
} as const;

function nextCheck(when: string): string {
  return new Date(when).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
