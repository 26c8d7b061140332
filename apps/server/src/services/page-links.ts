import type { LinkRecord, Outlink } from '@crawlwise/analyzer/page/outlinks';
import type { SiteGraphLink } from '@crawlwise/analyzer/site/site-graph';
import type { StringPool } from '@crawlwise/analyzer/site/string-pool';

/**
 * A crawled page's internal links as they are stored: the text of one JSON array in its report
 * row (`reports.links`, migration 0029), one `[target, anchor, flags]` triple a target — the
 * served HTML's links first, then those only the rendered DOM has. A page holds at most
 * MAX_OUTLINKS targets (analyzer page/outlinks.ts), so the value is bounded.
 */

/** A stored link's flags, in one small integer. */
const NOFOLLOW = 1;
const RENDERED_ONLY = 2;

type StoredLink = [target: string, anchor: string, flags: number];

/** The stored form of a page's links; null when it has none (nothing to store). */
export function storedPageLinks(record: LinkRecord): string | null {
  const triple = (link: Outlink, renderedOnly: boolean): StoredLink => [
    link.key,
    link.anchor,
    (link.nofollow ? NOFOLLOW : 0) | (renderedOnly ? RENDERED_ONLY : 0),
  ];
  const links = [
    ...record.served.internal.map((link) => triple(link, false)),
    ...(record.renderedOnly ?? []).map((link) => triple(link, true)),
  ];
  return links.length === 0 ? null : JSON.stringify(links);
}

/**
 * Appends the links of a page stored as `stored` (storedPageLinks) to `into`, each from `source`
 * (the page's crawl key); targets and anchors go through `intern`, so each distinct one is held
 * once however many pages name it. A value that is not such an array adds nothing.
 */
export function appendPageLinks(
  into: SiteGraphLink[],
  source: string,
  stored: string,
  intern: StringPool,
): void {
  const links: unknown = JSON.parse(stored);
  if (!Array.isArray(links)) return;
  for (const link of links as unknown[]) {
    if (!Array.isArray(link)) continue;
    const [target, anchor, flags] = link as unknown[];
    if (typeof target !== 'string' || typeof anchor !== 'string' || typeof flags !== 'number') {
      continue;
    }
    into.push({
      source,
      target: intern(target),
      anchor: intern(anchor),
      nofollow: (flags & NOFOLLOW) !== 0,
      renderedOnly: (flags & RENDERED_ONLY) !== 0,
    });
  }
}
