import { z } from 'zod';

/**
 * Monitoring (docs/monitoring.md): an owner watches a page, the worker re-analyses it on a
 * schedule and mails the owner when it gets worse. The rules here are shared by the API and the
 * web app's "Watch this page" form.
 */

/**
 * What is watched: a page (each run is a report) or a whole site (each run is a site check of
 * its sitemap; the watched address is the site's root).
 */
export const WATCH_KINDS = ['page', 'site'] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];

export const WATCH_FREQUENCIES = ['daily', 'weekly'] as const;
export type WatchFrequency = (typeof WATCH_FREQUENCIES)[number];

/** Hours between two runs of a watch. */
export const WATCH_PERIOD_HOURS: Readonly<Record<WatchFrequency, number>> = {
  daily: 24,
  weekly: 7 * 24,
};

/** A drop of this many points (or more) mails the owner, unless they choose another. */
export const DEFAULT_WATCH_THRESHOLD = 5;
export const MIN_WATCH_THRESHOLD = 1;
export const MAX_WATCH_THRESHOLD = 50;

/**
 * Watches per account: each runs at most once a day, so one account adds at most this many
 * analyses a day to the queue of a small install.
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
});
export type WatchInput = z.input<typeof watchInputSchema>;

/** A watch as the API lists it. */
export interface WatchView {
  id: string;
  url: string;
  kind: WatchKind;
  frequency: WatchFrequency;
  threshold: number;
  next_run_at: string;
  last_score: number | null;
  last_checked_at: string | null;
  created_at: string;
}
