/**
 * A per-origin answer kept for a short while, shared by concurrent analyses of the origin: the
 * pattern of robots-cache.ts for files read once per site (llms.txt). Answers `keep` rejects
 * (transient failures) are dropped once they arrive, so the next analysis asks again. An answer
 * still in flight is shared whatever its age (and with a time to live of 0): two pages asking at
 * the same moment share one request. Bounded: beyond `maxEntries` keys the oldest goes.
 */

export interface OriginCacheOptions<T> {
  /** Reads the answer for a key (a URL of the origin's file). */
  read(key: string): Promise<T>;
  ttlMs: number;
  maxEntries?: number;
  /** false for answers that must not be kept (unreachable). */
  keep(value: T): boolean;
  now?: () => number;
}

export interface OriginCache<T> {
  get(key: string): Promise<T>;
  readonly size: number;
}

export const ORIGIN_CACHE_MAX_ENTRIES = 500;

export function createOriginCache<T>(options: OriginCacheOptions<T>): OriginCache<T> {
  const maxEntries = options.maxEntries ?? ORIGIN_CACHE_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { expires: number; value: Promise<T>; pending: boolean }>();

  return {
    get(key) {
      const entry = entries.get(key);
      if (entry && (entry.pending || entry.expires > now())) return entry.value;
      if (entry) entries.delete(key);
      const value = options.read(key);
      // Kept from the ask, not the answer: concurrent asks share the one request in flight.
      const created = { expires: now() + options.ttlMs, value, pending: true };
      entries.set(key, created);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      const drop = () => {
        if (entries.get(key) === created) entries.delete(key);
      };
      void value.then((answer) => {
        created.pending = false;
        // ttl 0: shared while in flight only, asked again by the next analysis.
        if (options.ttlMs <= 0 || !options.keep(answer)) drop();
      }, drop);
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}
