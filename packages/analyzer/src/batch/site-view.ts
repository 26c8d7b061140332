import { detailsOf } from '@crawlwise/shared/check-details';
import { comparableUrl } from '../checks/canonical.ts';
import type { AnalysisReport } from '../types.ts';
import type { BatchPage } from './run-batch.ts';

/**
 * What only shows across pages: titles and descriptions shared by several pages (search engines
 * then struggle to tell the pages apart), pages whose canonical names another address (they ask
 * not to be indexed themselves), pages robots.txt keeps Googlebot out of, and pages that could
 * not be analysed. Pure: built from the batch's reports, nothing is fetched.
 */

export interface DuplicateGroup {
  /** The text as the first page has it. */
  value: string;
  urls: string[];
}

export interface SiteView {
  pagesAnalysed: number;
  pagesFailed: number;
  duplicateTitles: DuplicateGroup[];
  duplicateDescriptions: DuplicateGroup[];
  canonicalElsewhere: Array<{ url: string; canonical: string }>;
  robotsBlocked: Array<{ url: string; rule: string | null }>;
  errors: Array<{ url: string; code: string; message: string }>;
}

/**
 * Whitespace that comparableText changes: any but a plain space, a space before more of it, a
 * space at either end. Most titles and descriptions have none, and the test builds no string.
 */
const UNEVEN_SPACE = /[^\S ]| \s|^ | $/;

/** Same text for a reader: case, surrounding and repeated whitespace do not count. */
function comparableText(value: string): string {
  const spaced = UNEVEN_SPACE.test(value) ? value.replace(/\s+/g, ' ').trim() : value;
  return spaced.toLowerCase();
}

export function duplicateGroups(
  entries: Array<{ url: string; value: string | null }>,
): DuplicateGroup[] {
  const groups = new Map<string, DuplicateGroup>();
  for (const { url, value } of entries) {
    if (value === null) continue;
    const key = comparableText(value);
    if (key === '') continue;
    const group = groups.get(key);
    if (group) group.urls.push(url);
    else groups.set(key, { value, urls: [url] });
  }
  return [...groups.values()]
    .filter((group) => group.urls.length > 1)
    .sort((a, b) => b.urls.length - a.urls.length);
}

function parsed(address: string): URL | null {
  try {
    return new URL(address);
  } catch {
    return null;
  }
}

/** An address in its comparable form (comparableUrl), or null when it does not parse. */
function comparableKey(address: string): string | null {
  const url = parsed(address);
  return url ? comparableUrl(url) : null;
}

/** Same address: equal comparable forms, or equal text when either does not parse. */
function sameAddress(a: string, aKey: string | null, b: string, bKey: string | null): boolean {
  return aKey !== null && bKey !== null ? aKey === bKey : a === b;
}

/**
 * The canonical the page declares when it names another address, else null. A canonical equal
 * to the page without its query string counts as the page itself (the canonical check's rule
 * for tracking parameters); conflicting canonicals are listed by the first that is elsewhere.
 * Each address is parsed once (the site report asks this of every page: parsing every pair
 * again was a tenth of a 10,000-page report's build).
 */
export function canonicalElsewhere(report: AnalysisReport): string | null {
  const details = detailsOf(
    report.issues.find((issue) => issue.id === 'canonical'),
    'canonical',
  );
  if (!details) return null;
  const declared =
    details.canonical !== undefined ? [details.canonical] : (details.canonicals ?? []);
  const page = report.finalUrl;
  // Most pages name exactly their own address: nothing to parse.
  if (declared.every((canonical) => canonical === page)) return null;
  const pageUrl = parsed(page);
  const pageKey = pageUrl ? comparableUrl(pageUrl) : null;
  let withoutQuery = page;
  let withoutQueryKey = pageKey;
  if (pageUrl) {
    pageUrl.search = '';
    withoutQuery = pageUrl.href;
    if (withoutQuery !== page) withoutQueryKey = comparableUrl(pageUrl);
  }
  const keyOf = (address: string) =>
    address === page
      ? pageKey
      : address === withoutQuery
        ? withoutQueryKey
        : comparableKey(address);
  return (
    declared.find((canonical) => {
      const key = keyOf(canonical);
      return (
        !sameAddress(canonical, key, page, pageKey) &&
        !sameAddress(canonical, key, withoutQuery, withoutQueryKey)
      );
    }) ?? null
  );
}

/** The robots.txt rule that blocks Googlebot from the page, or undefined when it is not blocked. */
function robotsBlock(report: AnalysisReport): { rule: string | null } | undefined {
  const details = detailsOf(
    report.issues.find((issue) => issue.id === 'robots-txt'),
    'robots-txt',
  );
  if (details?.allowedForGooglebot !== false) return undefined;
  return { rule: details.detail ?? null };
}

export function buildSiteView(pages: readonly BatchPage[]): SiteView {
  const analysed = pages.flatMap((page) =>
    page.status === 'ok' ? [{ url: page.url, report: page.report }] : [],
  );
  const view: SiteView = {
    pagesAnalysed: analysed.length,
    pagesFailed: 0,
    duplicateTitles: duplicateGroups(
      analysed.map(({ url, report }) => ({ url, value: report.meta_json.title.value })),
    ),
    duplicateDescriptions: duplicateGroups(
      analysed.map(({ url, report }) => ({ url, value: report.meta_json.metaDescription.value })),
    ),
    canonicalElsewhere: [],
    robotsBlocked: [],
    errors: [],
  };
  for (const { url, report } of analysed) {
    const canonical = canonicalElsewhere(report);
    if (canonical !== null) view.canonicalElsewhere.push({ url, canonical });
    const blocked = robotsBlock(report);
    if (blocked) view.robotsBlocked.push({ url, ...blocked });
  }
  for (const page of pages) {
    if (page.status === 'failed') view.errors.push({ url: page.url, ...page.error });
    if (page.status === 'cancelled') {
      view.errors.push({
        url: page.url,
        code: 'cancelled',
        message: 'Not analysed: the run was stopped.',
      });
    }
  }
  view.pagesFailed = view.errors.length;
  return view;
}
