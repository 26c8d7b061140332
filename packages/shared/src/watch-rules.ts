/*
 * Monitoring's plain values, without the input schema (watches.ts, Zod): the report screen's
 * "Watch this page" form reads these and so loads no validation library. watches.ts re-exports
 * them.
 */

/**
 * What is watched: a page (each run is a report), a whole site (each run is a site check of
 * its sitemap; the watched address is the site's root) or a crawl (each run crawls the site from
 * its root again with the watch's stored crawl settings).
 */
export const WATCH_KINDS = ['page', 'site', 'crawl'] as const;
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
