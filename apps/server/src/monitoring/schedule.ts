import { WATCH_PERIOD_HOURS, type WatchFrequency } from '@crawlwise/shared/watches';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The first slot of a watch's schedule strictly after `now`. Slots keep the time of day (and for
 * weekly watches the weekday) of the first one, so a watch made at 09:12 runs at 09:12. A claim
 * moves `next_run_at` here: after a downtime of any length the overdue slots collapse into the
 * one run being started, instead of a burst of catch-up runs.
 */
export function nextSlotAfter(slot: Date, frequency: WatchFrequency, now: Date): Date {
  const periodMs = WATCH_PERIOD_HOURS[frequency] * HOUR_MS;
  if (slot.getTime() > now.getTime()) return slot;
  const elapsedPeriods = Math.floor((now.getTime() - slot.getTime()) / periodMs) + 1;
  return new Date(slot.getTime() + elapsedPeriods * periodMs);
}

/** A new watch first runs one period after it is made (its owner has just seen a report). */
export function firstSlot(frequency: WatchFrequency, now: Date): Date {
  return new Date(now.getTime() + WATCH_PERIOD_HOURS[frequency] * HOUR_MS);
}
