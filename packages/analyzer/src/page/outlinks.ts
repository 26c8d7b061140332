import { type CrawlScope, type CrawlUrlRules, crawlKey } from '@crawlwise/shared/crawl-url';
import { baseOf } from '../checks/render-diff.ts';
import { type Document, elementsByTag, isInside } from './dom.ts';
import { elementText, imageAltText } from './element-text.ts';

/**
 * The links a crawl follows from one page (issue 19): every `<a href>` outside a template,
 * named by its crawl key, with its anchor text (or the alt text of an image it holds) and
 * whether it is nofollow. Internal links are kept one per target; external ones only counted.
 * Bounded, so a page of a million links costs what a page of MAX_OUTLINKS does.
 */

/** Internal targets kept per page: far above any real navigation, small enough to store. */
export const MAX_OUTLINKS = 2_000;
/**
 * External targets kept per page with their anchor, for the crawl's external-link option: a
 * page linking out more than this is a link directory, and its first links are a fair sample.
 */
export const MAX_EXTERNAL_KEPT = 100;
/** Anchor text kept per link (what a report shows beside a broken link). */
export const MAX_ANCHOR_CHARS = 200;

export interface Outlink {
  /** The target's crawl key (shared/crawl-url.ts). */
  key: string;
  /** The first link's text, or its image's alt text; '' when it has neither. */
  anchor: string;
  /** True only when every link to the target is nofollow (one followed link is enough). */
  nofollow: boolean;
}

export interface PageOutlinks {
  internal: Outlink[];
  /** Distinct external targets (not followed; their status is an option of the crawl). */
  externalCount: number;
  /** The first MAX_EXTERNAL_KEPT of them, one per target. */
  external: Outlink[];
  /** Internal targets beyond MAX_OUTLINKS, left out. */
  omitted: number;
}

export interface OutlinkOptions {
  scope: CrawlScope;
  rules: Pick<CrawlUrlRules, 'ignoredQueryParameters'>;
  /** The page's robots meta says nofollow: every link on it is. */
  pageNofollow?: boolean;
}

const relTokens = (rel: string | undefined) => (rel ?? '').toLowerCase().split(/\s+/);

export function outlinksOf(doc: Document, pageUrl: URL, options: OutlinkOptions): PageOutlinks {
  const base = baseOf(doc, pageUrl);
  const internal = new Map<string, Outlink>();
  const external = new Map<string, Outlink | null>();
  let omitted = 0;
  const anchorOf = (el: Parameters<typeof elementText>[1]) => {
    const text = elementText(doc, el, { max: MAX_ANCHOR_CHARS });
    return text !== '' ? text : imageAltText(doc, el, { max: MAX_ANCHOR_CHARS });
  };
  for (const el of elementsByTag(doc, 'a')) {
    const href = el.attribs.href;
    if (href === undefined || isInside(doc, el, 'template')) continue;
    const key = crawlKey(href, base, options.rules);
    if (key === null) continue;
    const nofollow =
      options.pageNofollow === true || relTokens(el.attribs.rel).includes('nofollow');
    if (!options.scope.isInternal(key)) {
      const known = external.get(key);
      if (known && !nofollow) known.nofollow = false;
      else if (known === undefined && external.size < MAX_OUTLINKS) {
        // Anchors only for the kept ones: the rest are counted, never read.
        external.set(
          key,
          external.size < MAX_EXTERNAL_KEPT ? { key, anchor: anchorOf(el), nofollow } : null,
        );
      }
      continue;
    }
    const known = internal.get(key);
    if (known) {
      if (!nofollow) known.nofollow = false;
      continue;
    }
    if (internal.size >= MAX_OUTLINKS) {
      omitted += 1;
      continue;
    }
    internal.set(key, { key, anchor: anchorOf(el), nofollow });
  }
  return {
    internal: [...internal.values()],
    externalCount: external.size,
    external: [...external.values()].filter((link): link is Outlink => link !== null),
    omitted,
  };
}

/**
 * A page's links as a crawler that renders sees them, kept apart from the served HTML's: the
 * served links, and the internal targets only the rendered DOM links to (null: no render).
 */
export interface LinkRecord {
  served: PageOutlinks;
  renderedOnly: Outlink[] | null;
}

export function linkRecordOf(
  served: Document,
  rendered: Document | null,
  pageUrl: URL,
  options: OutlinkOptions,
): LinkRecord {
  const fromServed = outlinksOf(served, pageUrl, options);
  if (rendered === null) return { served: fromServed, renderedOnly: null };
  const seen = new Set(fromServed.internal.map((link) => link.key));
  const renderedOnly = outlinksOf(rendered, pageUrl, options).internal.filter(
    (link) => !seen.has(link.key),
  );
  return { served: fromServed, renderedOnly };
}
