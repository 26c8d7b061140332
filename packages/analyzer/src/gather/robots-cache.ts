import type { RobotsArtifact } from '../types.ts';
import { type RobotsFile, robotsUrlOf, robotsVerdict } from './robots.ts';

/**
 * robots.txt kept per origin for a short while, as crawlers do (Google keeps it up to a day):
 * analysing several pages of a site then fetches it once, not once per page. Each page is still
 * matched against the rules on its own. Concurrent analyses of one origin share a single fetch.
 * An unreachable robots.txt (network error, 429, 5xx) is not kept, so the next analysis asks
 * again. The cache is bounded: beyond `maxEntries` origins the oldest entry goes.
 */

export const ROBOTS_CACHE_TTL_MS = 60_000;
export const ROBOTS_CACHE_MAX_ENTRIES = 500;

export interface RobotsCacheOptions {
  /** Reads the robots.txt of a page's origin (readRobots with the engine's guard and agent). */
  read(pageUrl: string): Promise<RobotsFile>;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export interface RobotsCache {
  /** The robots artifact for the page, from a kept robots.txt when there is a fresh one. */
  robotsFor(pageUrl: string): Promise<RobotsArtifact>;
  /** The robots.txt of the page's origin itself, kept the same way. */
  fileFor(pageUrl: string): Promise<RobotsFile>;
  /** Origins kept now. */
  readonly size: number;
}

interface Entry {
  expires: number;
  file: Promise<RobotsFile>;
}

export function createRobotsCache(options: RobotsCacheOptions): RobotsCache {
  const ttlMs = options.ttlMs ?? ROBOTS_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? ROBOTS_CACHE_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  function fresh(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expires > now()) return entry;
    if (entry) entries.delete(key);
    return undefined;
  }

  function fileFor(pageUrl: string): Promise<RobotsFile> {
    const key = robotsUrlOf(pageUrl);
    if (key === null || ttlMs <= 0) return options.read(pageUrl);
    let entry = fresh(key);
    if (!entry) {
      const file = options.read(pageUrl);
      const created: Entry = { expires: now() + ttlMs, file };
      entry = created;
      entries.set(key, created);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      void file.then(
        (read) => {
          const transient = read.kind === 'verdict' && read.artifact.status === 'unreachable';
          if (transient && entries.get(key) === created) entries.delete(key);
        },
        () => {
          if (entries.get(key) === created) entries.delete(key);
        },
      );
    }
    return entry.file;
  }

  return {
    fileFor,
    async robotsFor(pageUrl) {
      return robotsVerdict(await fileFor(pageUrl), pageUrl);
    },
    get size() {
      return entries.size;
    },
  };
}
