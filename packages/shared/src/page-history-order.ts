import type { PageHistoryEntry } from './page-history.ts';

/*
 * Reading a page's history without its schemas (page-history.ts defines them with Zod), so the
 * report screen, which only links to the previous report, loads no validation library.
 * page-history.ts re-exports it.
 */

/**
 * The completed report before `accessToken` in time, to compare with; null when there is none.
 * `entries` come newest first.
 */
export function previousCompleted(
  entries: readonly PageHistoryEntry[],
  accessToken: string,
): PageHistoryEntry | null {
  const at = entries.findIndex((entry) => entry.access_token === accessToken);
  if (at === -1) return null;
  return entries.slice(at + 1).find((entry) => entry.status === 'completed') ?? null;
}
