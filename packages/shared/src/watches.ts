import { z } from 'zod';
import { crawlOptionsSchema } from './api/site-checks.ts';
import {
  DEFAULT_WATCH_THRESHOLD,
  MAX_WATCH_THRESHOLD,
  MIN_WATCH_THRESHOLD,
  WATCH_FREQUENCIES,
  WATCH_KINDS,
} from './watch-rules.ts';

export {
  DEFAULT_WATCH_THRESHOLD,
  MAX_WATCH_THRESHOLD,
  MIN_WATCH_THRESHOLD,
  WATCH_FREQUENCIES,
  WATCH_KINDS,
  WATCH_PERIOD_HOURS,
  type WatchFrequency,
  type WatchKind,
} from './watch-rules.ts';

/**
 * Monitoring (docs/monitoring.md): an owner watches a page, the worker re-analyses it on a
 * schedule and mails the owner when it gets worse. The rules here are shared by the API and the
 * web app's "Watch this page" form.
 */

export const MAX_WATCHES_PER_ACCOUNT = 10;
/** Watch creations per account per hour (a watch is cheap to create, its runs are not). */
export const WATCH_CREATIONS_PER_HOUR = 20;

export const watchInputSchema = z.object({
  url: z.string().min(1).max(2048),
  kind: z.enum(WATCH_KINDS).default('page'),
  frequency: z.enum(WATCH_FREQUENCIES).default('daily'),
  threshold: z
    .number()
    .int()
    .min(MIN_WATCH_THRESHOLD)
    .max(MAX_WATCH_THRESHOLD)
    .default(DEFAULT_WATCH_THRESHOLD),
  /** The report the watch starts from (its first comparison baseline), if the caller owns it. */
  reportToken: z.string().max(64).optional(),
  /** A site watch's first baseline: a completed site check of the caller of the same site. */
  siteCheckId: z.string().max(64).optional(),
  /**
   * A crawl watch's settings (the crawl's own schema). Without them the watch takes those of
   * `siteCheckId` when it names a crawl of the caller, else the crawl defaults.
   */
  crawl: crawlOptionsSchema.optional(),
});
export type WatchInput = z.input<typeof watchInputSchema>;

/** A watch as the API lists it (its schema is the API contract's). */
export type { WatchView } from './api/watches.ts';
