import type { CanonicalVerdictDetails } from '@crawlwise/shared/check-details';
import { type Document, type Element, elementsByTag } from '../page/dom.ts';
import { linkLookup } from '../page/metadata.ts';
import type { PageContext } from '../page/page-context.ts';
import type { CheckOf, CheckOutcome, OutcomeOf } from './check.ts';
import { attributeText, type Fix, withFix } from './fix-snippets.ts';
import { ignoredDetails, ignoredExplanation, ignoredStatus } from './ignored-metadata.ts';

/**
 * `canonical` (crawlability): the URL the page declares as its preferred address, from
 * `<link rel="canonical">` in the real head and from `Link: <...>; rel="canonical"` response
 * headers — the only two places Google accepts it. A canonical link anywhere else (in the body,
 * or after an element that ended the head) is ignored: it neither counts nor conflicts, and the
 * finding lists it with the reason. Verdicts, most serious first: several conflicting
 * (critical: Google then ignores them all); missing, invalid, cross-domain, http/https
 * mismatch, another page of the same site (warnings); self-referencing (success).
 *
 * "Same page" compares URLs after dropping the fragment and a trailing slash (and the default
 * port and host case, which URL parsing already normalises): `/page` and `/page/` are the same
 * page for this purpose. A canonical that equals the page URL without its query string is also a
 * success: that is exactly how tracking parameters (`?utm_source=...`) should be canonicalised.
 * Cross-domain means a different host once a leading `www.` is ignored; `example.com` →
 * `www.example.com` is the same site, reported as pointing to another page.
 */

export interface CanonicalDeclaration {
  source: 'link element' | 'Link header';
  href: string;
}

/** URLs the `Link` header marks rel="canonical" (several links may share one header). */
export function canonicalsFromLinkHeader(value: string): string[] {
  const found: string[] = [];
  for (const match of value.matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match[2]!);
    const tokens = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (tokens.includes('canonical')) found.push(match[1]!);
  }
  return found;
}

/** The base for relative hrefs: the first `<base href>`, else the page URL. */
function documentBase(doc: Document, pageUrl: URL): URL {
  const href = elementsByTag(doc, 'base').find((el) => el.attribs.href !== undefined)?.attribs.href;
  if (href === undefined) return pageUrl;
  try {
    return new URL(href.trim(), pageUrl);
  } catch {
    return pageUrl;
  }
}

function resolveHttpUrl(href: string, base: URL): URL | null {
  if (href.trim() === '') return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The form two URLs are compared in: no fragment, no trailing slash (except the root path). */
export function comparableUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  if (copy.pathname.length > 1 && copy.pathname.endsWith('/')) {
    copy.pathname = copy.pathname.replace(/\/+$/, '') || '/';
  }
  return copy.href;
}

const siteHost = (url: URL) => url.hostname.replace(/^www\./, '');

/** Query parameters that only track a visit; a canonical URL leaves them out. */
const TRACKING = /^(?:utm_[a-z]+|gclid|fbclid|msclkid|mc_cid|mc_eid)$/i;

/** The address the page should declare: its own URL without fragment and tracking parameters. */
export function selfCanonical(pageUrl: URL): string {
  const url = new URL(pageUrl.href);
  url.hash = '';
  for (const key of [...url.searchParams.keys()]) {
    if (TRACKING.test(key)) url.searchParams.delete(key);
  }
  return url.href;
}

/** The link element to paste, with what to do with it. */
function canonicalFix(href: string, step: string): Fix {
  const fixSnippet = `<link rel="canonical" href="${attributeText(href)}">`;
  return { howToFix: `${step.replace('{link}', fixSnippet)}`, fixSnippet };
}

const NO_CANONICAL = 'No canonical URL';

/** The verdict on the canonical links of the head and the Link header. */
function judge(page: PageContext, head: readonly Element[]): CheckOutcome<CanonicalVerdictDetails> {
  const base = documentBase(page.document, page.url);
  const declarations: Array<CanonicalDeclaration & { resolved: URL | null }> = [
    ...head.map((el) => {
      const href = el.attribs.href ?? '';
      return { source: 'link element' as const, href, resolved: resolveHttpUrl(href, base) };
    }),
    ...canonicalsFromLinkHeader(page.artifacts.fetch.headers.link ?? '').map((href) => ({
      source: 'Link header' as const,
      href,
      resolved: resolveHttpUrl(href, page.url),
    })),
  ];
  const listed = declarations.map(({ source, href, resolved }) => ({
    source,
    href,
    resolved: resolved?.href ?? null,
  }));
  const pageUrl = page.url.href;
  const self = selfCanonical(page.url);

  if (declarations.length === 0) {
    return withFix(
      {
        severity: 'warning',
        message: NO_CANONICAL,
        why: `Without a canonical URL search engines guess which address to index when this content is reachable at several. Add <link rel="canonical" href="${pageUrl}"> to <head>.`,
        details: { pageUrl, declarations: listed },
      },
      canonicalFix(self, 'Add {link} to <head>.'),
    );
  }

  const distinct = [
    ...new Map(
      declarations
        .filter((d) => d.resolved !== null)
        .map((d) => [comparableUrl(d.resolved!), d.resolved!.href]),
    ).values(),
  ];
  if (distinct.length > 1) {
    const keep =
      distinct.find((href) => comparableUrl(new URL(href)) === comparableUrl(page.url)) ?? self;
    return withFix(
      {
        severity: 'critical',
        message: `${distinct.length} conflicting canonical URLs`,
        why: `The page declares ${distinct.join(', ')} as its canonical URL. With conflicting declarations Google ignores all of them; keep a single canonical in the HTML or the Link header, not different ones in both.`,
        details: { pageUrl, canonicals: distinct, declarations: listed },
      },
      canonicalFix(
        keep,
        'Keep a single canonical, {link} in <head>, and remove the other declarations (including any Link: rel="canonical" response header that names another address).',
      ),
    );
  }

  const invalid = declarations.filter((d) => d.resolved === null);
  if (invalid.length > 0) {
    const shown = invalid[0]!.href.trim() === '' ? 'an empty address' : `"${invalid[0]!.href}"`;
    return withFix(
      {
        severity: 'warning',
        message: 'Invalid canonical URL',
        why: `The canonical ${invalid[0]!.source} holds ${shown}, which is not a valid http(s) address, so search engines ignore it. Use the absolute address of the page, such as ${pageUrl}.`,
        details: { pageUrl, invalid: invalid.map((d) => d.href), declarations: listed },
      },
      canonicalFix(self, 'Replace the invalid canonical with {link}.'),
    );
  }

  const target = declarations[0]!.resolved!;
  const details = { pageUrl, canonical: target.href, declarations: listed };

  const ownContent = canonicalFix(
    self,
    'If this page has its own content, replace the canonical with {link}; keep it as it is only for a copy of that page.',
  );
  if (siteHost(target) !== siteHost(page.url)) {
    return withFix(
      {
        severity: 'warning',
        message: `The canonical URL points to another domain (${target.hostname})`,
        why: `Search engines will index ${target.href} instead of this page. That is right for a syndicated copy of content published there; otherwise point the canonical at this page's own address.`,
        details,
      },
      ownContent,
    );
  }
  if (target.protocol !== page.url.protocol) {
    const sameProtocol = new URL(target.href);
    sameProtocol.protocol = page.url.protocol;
    return withFix(
      {
        severity: 'warning',
        message: `The canonical URL uses ${target.protocol}// but the page is served over ${page.url.protocol}//`,
        why: `The canonical ${target.href} and the page differ in protocol, which sends search engines mixed signals about which version to index. Use the ${page.url.protocol === 'https:' ? 'https://' : 'same'} address in the canonical.`,
        details,
      },
      canonicalFix(sameProtocol.href, 'Replace the canonical with {link}.'),
    );
  }

  if (comparableUrl(target) === comparableUrl(page.url)) {
    return { severity: 'success', message: 'The canonical URL points to this page', details };
  }
  const pageWithoutQuery = new URL(page.url.href);
  pageWithoutQuery.search = '';
  if (page.url.search !== '' && comparableUrl(target) === comparableUrl(pageWithoutQuery)) {
    return {
      severity: 'success',
      message: 'The canonical URL points to this page without its query string',
      details,
    };
  }
  return withFix(
    {
      severity: 'warning',
      message: `The canonical URL points to another page: ${target.href}`,
      why: `Search engines will treat this page as a copy of ${target.href} and index that one instead. That is right for duplicates; if this page has its own content, point the canonical at ${pageUrl}.`,
      details,
    },
    ownContent,
  );
}

export const canonical: CheckOf<'canonical'> = {
  meta: {
    id: 'canonical',
    title: 'Canonical URL',
    why: 'The canonical URL tells search engines which address to index when the same content is reachable at several (with or without www, tracking parameters, trailing slash). Declare one absolute <link rel="canonical"> that points to the page itself.',
    howToFix:
      'Add one <link rel="canonical"> in <head> with the absolute https:// address of the page itself.',
    fixSnippet:
      'the <link rel="canonical"> to paste: the page\'s own address without fragment and tracking parameters (utm_*, gclid, fbclid...), or the declared canonical with the page\'s protocol when only the protocol is wrong.',
  },
  run(page): OutcomeOf<'canonical'> {
    const { head, ignored } = linkLookup(page.document, 'canonical');
    const outcome = judge(page, head);
    if (ignored.length === 0) return { ...outcome, details: { ...outcome.details, ignored: [] } };
    const details = { ...outcome.details, ignored: ignoredDetails(ignored) };
    if (outcome.message === NO_CANONICAL) {
      return withFix(
        {
          severity: 'warning',
          message: `Canonical URL ${ignoredStatus(ignored)}`,
          why: `${ignoredExplanation(ignored)} Google takes the canonical only from <head> or the Link header, so this page declares none.`,
          details,
        },
        canonicalFix(
          selfCanonical(page.url),
          'Move the canonical into <head>, before any element that ends it: {link}.',
        ),
      );
    }
    return {
      ...outcome,
      why: `${outcome.why ?? canonical.meta.why} ${ignoredExplanation(ignored)} It neither counts nor conflicts with the canonical of the head.`,
      details,
    };
  },
};
