import { type CrawlUrlRules, crawlKey } from '@crawlwise/shared/crawl-url';
import type { PageSignals } from '@crawlwise/shared/site-findings';
import { canonicalsFromLinkHeader } from '../checks/canonical.ts';
import { baseOf } from '../checks/render-diff.ts';
import { robotsDirectiveSources } from '../checks/robots-meta.ts';
import { linkLookup } from '../page/metadata.ts';
import type { PageContext } from '../page/page-context.ts';
import { minHash } from './minhash.ts';

/**
 * What the site findings read of one page of a crawl (issue 19): the address it settled on,
 * the redirect hops that led there, whether it may be indexed, the canonical and hreflang
 * addresses it names (as crawl keys, so they compare with the link graph's targets) and a
 * fingerprint of its main text for near-duplicate detection. Pure: read from the artifacts
 * the analysis already has.
 */

/** Hreflang alternates kept per page: far above any real language set. */
export const MAX_HREFLANG = 100;
/** Below this many words of main text a page gets no fingerprint: too little to compare. */
export const MIN_FINGERPRINT_WORDS = 50;

export function pageSignalsOf(
  page: PageContext,
  rules: Pick<CrawlUrlRules, 'ignoredQueryParameters'>,
  externalLinks: number,
): PageSignals {
  const { fetch } = page.artifacts;
  const base = baseOf(page.document, page.url);
  const keyOf = (href: string) => crawlKey(href, base, rules);
  const finalKey = crawlKey(fetch.finalUrl, undefined, rules) ?? fetch.finalUrl;
  const text = page.renderedText ?? page.serverText;
  return {
    finalKey,
    status: fetch.status,
    redirects: fetch.redirects.map((hop) => ({
      key: crawlKey(hop.url, undefined, rules) ?? hop.url,
      status: hop.status,
    })),
    noindex: isNoindex(page),
    canonical: canonicalOf(page, keyOf),
    hreflang: hreflangOf(page, keyOf),
    fingerprint: text.wordCount >= MIN_FINGERPRINT_WORDS ? minHash(text.words) : null,
    words: text.wordCount,
    externalLinks,
  };
}

/** noindex (or none) for Googlebot in the robots meta tags or the X-Robots-Tag header. */
function isNoindex(page: PageContext): boolean {
  return robotsDirectiveSources(page.document, page.artifacts.fetch.headers, page.renderedDocument)
    .flatMap((source) => source.directives)
    .some((directive) => {
      const lower = directive.toLowerCase();
      return lower === 'noindex' || lower === 'none';
    });
}

/**
 * The canonical the page declares: the Link header's first, else the head's first link. Several
 * conflicting ones are the page check's finding; the site findings follow the first.
 */
function canonicalOf(page: PageContext, keyOf: (href: string) => string | null): string | null {
  const header = page.artifacts.fetch.headers.link;
  const fromHeader = header === undefined ? [] : canonicalsFromLinkHeader(header);
  const fromHead = linkLookup(page.document, 'canonical').head.map((el) => el.attribs.href ?? '');
  for (const href of [...fromHeader, ...fromHead]) {
    const key = href.trim() === '' ? null : keyOf(href);
    if (key !== null) return key;
  }
  return null;
}

function hreflangOf(
  page: PageContext,
  keyOf: (href: string) => string | null,
): PageSignals['hreflang'] {
  const found: PageSignals['hreflang'] = [];
  for (const el of linkLookup(page.document, 'alternate', 'hreflang').head) {
    const key = keyOf(el.attribs.href ?? '');
    if (key === null) continue;
    found.push({ lang: el.attribs.hreflang!.trim().toLowerCase(), key });
    if (found.length >= MAX_HREFLANG) break;
  }
  return found;
}
