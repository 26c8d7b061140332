import type { SiteCheckCounts } from './api/site-checks.ts';
import type { CrawlUrlRules } from './crawl-url.ts';
import { parseServerUrl, type ServerUrlResult } from './url-input.ts';

/**
 * Whole-site checks (issue 11, item 4; docs/site-checks.md): the limits and the reading of a
 * pasted address list, shared by the start screen (it shows the same count the server will
 * queue) and the server (which enforces it).
 */

/** Pages analysed at most per site check; addresses past it are listed as skipped. */
export const MAX_SITE_CHECK_PAGES = 200;
/**
 * Pages a crawl may analyse at most when asked (its default is MAX_SITE_CHECK_PAGES): the cap of
 * a site whose ownership is not verified (issue 19.6), paced at SITE_CHECK_PAGE_INTERVAL_MS.
 */
export const MAX_CRAWL_PAGES = 500;
/** Site-check pages one account may queue per rolling 24 hours (each page counts). */
export const DAILY_SITE_CHECK_PAGE_LIMIT = 600;
/** Largest pasted list accepted (characters): 200 addresses of 2048 characters fit. */
export const MAX_SITE_CHECK_LIST_CHARS = 450_000;
/** How often the progress view asks the server. */
export const SITE_CHECK_POLL_INTERVAL_MS = 2000;

/**
 * Where a check's pages come from: the sitemaps, a pasted list, or a crawl that follows the
 * internal links of every page it analyses from the site address on (issue 19).
 */
export const SITE_CHECK_SOURCES = ['sitemap', 'list', 'crawl'] as const;

/**
 * The most pages any crawl analyses: a verified site's on the server (issue 19, item 6) and the
 * CLI's `crawlwise crawl --max-pages`.
 */
export const CRAWL_PAGES_CEILING = 10_000;
/** A crawl follows links at most this many clicks from its start address. */
export const MAX_CRAWL_DEPTH = 20;
export const DEFAULT_CRAWL_DEPTH = 10;
/** Include and exclude patterns a crawl accepts, each at most MAX_CRAWL_PATTERN_CHARS long. */
export const MAX_CRAWL_PATTERNS = 20;
export const MAX_CRAWL_PATTERN_CHARS = 200;

/**
 * A crawl's external-link option (issue 19.3, off by default): the distinct external targets its
 * pages link to that the server asks at most per check, by default and at most (the CLI's
 * `--max-external` allows more: it runs on the user's machine).
 */
export const DEFAULT_CRAWL_MAX_EXTERNAL = 500;
export const MAX_CRAWL_EXTERNAL = 2_000;

/** A crawl's settings as stored with its check (the link rules: shared/crawl-url.ts). */
export interface CrawlSettings {
  /** Ask each distinct external target how it answers (absent on crawls stored before: off). */
  checkExternal?: boolean;
  /** External targets asked at most (with checkExternal), up to MAX_CRAWL_EXTERNAL. */
  maxExternal?: number;
  /** Pages analysed at most (the start page included), up to MAX_CRAWL_PAGES. */
  maxPages: number;
  /** Clicks from the start address, up to MAX_CRAWL_DEPTH. */
  maxDepth: number;
  /** Also follow `rel=nofollow` links (they are recorded either way). */
  followNofollow: boolean;
  rules: CrawlUrlRules;
}
export type SiteCheckSource = (typeof SITE_CHECK_SOURCES)[number];
export const SITE_CHECK_STATUSES = [
  'discovering',
  'running',
  'completed',
  'failed',
  'cancelled',
] as const;
export type SiteCheckStatus = (typeof SITE_CHECK_STATUSES)[number];

/** A site check still has work to do: its pages change, so screens keep asking. */
export const isSiteCheckUnderWay = (status: SiteCheckStatus) =>
  status === 'discovering' || status === 'running';

/**
 * A page the site's robots.txt does not let Crawlwise request (a `failed` report with this code):
 * recorded as blocked, never fetched, and not a failure of the page.
 */
export function wasBlockedPage(page: { status: string; errorCode: string | null }): boolean {
  return page.status === 'failed' && page.errorCode === 'blocked_by_robots';
}

/** Where a site check's pages are, as the API reports it (`siteCheck.counts`). */
export type { SiteCheckCounts } from './api/site-checks.ts';

/**
 * One reading of a site check's progress for every place that shows it (the check's screen, the
 * cancel dialog's outcome, the profile's list), so they never disagree: pages checked out of all
 * the pages queued, with the ones a cancel dropped and the ones robots.txt blocked said apart.
 */
export function siteCheckProgressText(counts: SiteCheckCounts): string {
  const checked = counts.completed + counts.failed;
  const parts = [`${checked} of ${counts.total} pages checked`];
  if (counts.failed > 0) parts[0] += ` (${counts.failed} could not be analyzed)`;
  if (counts.blocked > 0) parts.push(`${counts.blocked} blocked by robots.txt`);
  if (counts.cancelled > 0) parts.push(`${counts.cancelled} not checked (cancelled)`);
  return parts.join(', ');
}

/**
 * What a crawl that checks external links says of them (issue 19.3): while targets wait,
 * "Checking external links… N of M answered"; once all are answered, how many were asked.
 */
export function externalLinksProgressText(progress: { total: number; checked: number }): string {
  if (progress.checked < progress.total) {
    return `Checking external links… ${progress.checked} of ${progress.total} answered`;
  }
  return `${progress.total} external link${progress.total === 1 ? '' : 's'} checked`;
}

export interface SiteAddressList {
  /** Distinct page addresses on the site's host, in list order, at most MAX_SITE_CHECK_PAGES. */
  urls: string[];
  /** Entries on another host than the site's (a site check paces and reports one site). */
  offSite: number;
  /** Entries that are not usable addresses, and repeated ones. */
  invalid: number;
  duplicates: number;
  /** Distinct usable addresses past MAX_SITE_CHECK_PAGES. */
  overCap: number;
}

/** The first cell of a CSV/TSV/semicolon line, unquoted; a plain line is its own cell. */
function firstAddressCell(line: string): string | null {
  for (const raw of line.split(/[,;\t]/)) {
    const cell = raw
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (/^https?:\/\//i.test(cell) || cell.startsWith('/')) return cell;
  }
  return null;
}

/**
 * Reads a pasted list: one address per line, or a CSV export whose first address-looking cell
 * per row is taken (so a header row or a column of titles is skipped). A path such as `/about`
 * is read against the site. Only addresses on the site's own origin (scheme, host and port) are
 * kept.
 */
export function parseSiteAddressList(
  text: string,
  site: URL,
  maxPages = MAX_SITE_CHECK_PAGES,
): SiteAddressList {
  const result: SiteAddressList = { urls: [], offSite: 0, invalid: 0, duplicates: 0, overCap: 0 };
  const seen = new Set<string>();
  for (const line of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const cell = firstAddressCell(trimmed);
    if (cell === null) {
      result.invalid += 1;
      continue;
    }
    const parsed = parseServerUrl(cell.startsWith('/') ? new URL(cell, site).href : cell);
    if (!parsed.ok) {
      result.invalid += 1;
      continue;
    }
    if (parsed.url.origin !== site.origin) {
      result.offSite += 1;
      continue;
    }
    const href = parsed.url.href;
    if (seen.has(href)) {
      result.duplicates += 1;
      continue;
    }
    seen.add(href);
    if (result.urls.length >= maxPages) result.overCap += 1;
    else result.urls.push(href);
  }
  return result;
}

/** The site a check is about: its origin, from what the user typed. */
export function parseSiteAddress(
  raw: unknown,
): { ok: true; site: URL } | Extract<ServerUrlResult, { ok: false }> {
  const parsed = parseServerUrl(raw);
  if (!parsed.ok) return parsed;
  return { ok: true, site: new URL(`${parsed.url.origin}/`) };
}
