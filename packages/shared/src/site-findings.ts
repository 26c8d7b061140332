import { z } from 'zod';
import { isRecord } from './finding-details.ts';

/**
 * The site-level findings of a crawl (issue 19): problems that live between pages, read from the
 * link graph and each page's signals. The ids are a contract, like the page checks' (CHECKS.md);
 * their rules are in docs/checks.md ("Site-level findings") and their weights in
 * docs/score-model.md ("Site score"). Defined once here, for the server, the CLI and the screen.
 */

/* ---------- What a crawled page contributes (stored per page, reports.page_signals) ---------- */

/** A MinHash signature as stored: 64 × 8 lower-case hex digits. */
const HEX_SIGNATURE = /^[0-9a-f]{512}$/;

export const pageSignalsSchema = z.object({
  /** The crawl key of the address the page was finally served from. */
  finalKey: z.string(),
  /** The HTTP status of the final response. */
  status: z.number().int(),
  /** The redirect hops from the requested address, in order (each hop's address and status). */
  redirects: z.array(z.object({ key: z.string(), status: z.number().int() })),
  /** `noindex` (or `none`) for Googlebot in a robots meta tag or the X-Robots-Tag header. */
  noindex: z.boolean(),
  /** The crawl key the page's canonical names; null when it declares none. */
  canonical: z.string().nullable(),
  /** Hreflang alternates: language (lower case, `x-default` included) and crawl key. */
  hreflang: z.array(z.object({ lang: z.string(), key: z.string() })),
  /** MinHash signature of the main text's 5-word shingles (64 × 8 hex digits); null under 50 words. */
  fingerprint: z.string().regex(HEX_SIGNATURE).nullable(),
  words: z.number().int().min(0),
  /** Distinct external link targets on the page. */
  externalLinks: z.number().int().min(0),
});
export type PageSignals = z.infer<typeof pageSignalsSchema>;

const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
const isRedirect = (hop: unknown) =>
  isRecord(hop) && typeof hop.key === 'string' && Number.isSafeInteger(hop.status);
const isAlternate = (alternate: unknown) =>
  isRecord(alternate) && typeof alternate.lang === 'string' && typeof alternate.key === 'string';

/**
 * `value` itself when pageSignalsSchema accepts it, else null: the same rules, checked in place.
 * A site build reads every page's stored signals (10,000 at a time), and the schema's parse
 * copies each object and array it reads (keys it does not know are left out of the copy; here
 * they stay, unread). A test holds the two to the same verdict.
 */
export function readPageSignals(value: unknown): PageSignals | null {
  if (!isRecord(value)) return null;
  const { finalKey, status, redirects, noindex, canonical, hreflang, fingerprint } = value;
  const valid =
    typeof finalKey === 'string' &&
    Number.isSafeInteger(status) &&
    Array.isArray(redirects) &&
    redirects.every(isRedirect) &&
    typeof noindex === 'boolean' &&
    (canonical === null || typeof canonical === 'string') &&
    Array.isArray(hreflang) &&
    hreflang.every(isAlternate) &&
    (fingerprint === null ||
      (typeof fingerprint === 'string' && HEX_SIGNATURE.test(fingerprint))) &&
    isCount(value.words) &&
    isCount(value.externalLinks);
  return valid ? (value as PageSignals) : null;
}

// The limits live in limits.ts (no zod there), so the analyzer's page path can use them without
// loading zod (issue 23: the compiled CLI parsed its 700 KB on every page).
export { MAX_TEXT_BLOCK_CHARS, MAX_TEXT_EXCERPT_BYTES } from './limits.ts';

/**
 * A bounded excerpt of a crawled page's main text (the near-duplicate diff of the audit shows two
 * pages' blocks side by side): its blocks in order — paragraphs, headings, list items — up to
 * MAX_TEXT_EXCERPT_BYTES of UTF-8. Stored apart from the signals (reports.text_excerpt), so the
 * CLI, which keeps every page's signals, never holds it.
 */
export const textExcerptSchema = z.object({
  blocks: z.array(z.string()),
  /** The page has more main text than the excerpt holds. */
  truncated: z.boolean(),
});
export type TextExcerpt = z.infer<typeof textExcerptSchema>;

/* ---------- The catalogue ---------- */

export const SITE_FINDING_SEVERITIES = ['critical', 'warning', 'notice'] as const;
export type SiteFindingSeverity = (typeof SITE_FINDING_SEVERITIES)[number];

export interface SiteFindingRule {
  title: string;
  severity: SiteFindingSeverity;
  /** Most points the finding takes off the site score (docs/score-model.md, "Site score"). */
  weight: number;
  /** The exact rule (docs/checks.md, "Site-level findings"). */
  rule: string;
  why: string;
  howToFix: string;
}

export const SITE_FINDING_IDS = [
  'broken-internal-links',
  'redirected-internal-links',
  'redirect-chains',
  'orphan-pages',
  'deep-pages',
  'single-inbound-link',
  'links-to-noindex',
  'links-to-canonicalised',
  'nofollow-internal-links',
  'canonical-chains',
  'canonical-to-error',
  'hreflang-missing-return',
  'hreflang-missing-x-default',
  'hreflang-to-error',
  'near-duplicates',
  'duplicate-titles',
  'duplicate-descriptions',
  'sitemap-not-indexable',
  'indexable-not-in-sitemap',
  'broken-external-links',
] as const;
export type SiteFindingId = (typeof SITE_FINDING_IDS)[number];

export const SITE_FINDINGS: Record<SiteFindingId, SiteFindingRule> = {
  'broken-internal-links': {
    title: 'Broken internal links',
    severity: 'critical',
    weight: 15,
    rule: 'An internal link (served or rendered-only) from a crawled page to a crawled address that answered 403, 404/410, 429/503 after its retries or another 5xx, or failed to load (host not found, connection failure, time-out, TLS error, redirect loop). A link to a file that loads but is not HTML (a PDF) is not broken. One item per target, with every linking page and its anchor text.',
    why: 'Visitors who follow these links reach an error, and search engines spend their crawl on addresses that lead nowhere.',
    howToFix:
      'Point each link at the page that replaced the missing one, or remove it; restore the page if it should exist.',
  },
  'redirected-internal-links': {
    title: 'Internal links through a redirect',
    severity: 'warning',
    weight: 4,
    rule: 'An internal link to a crawled address that answered with a redirect (3xx) to another address. One item per target, with its first status and final address, and its linking pages. A redirect that only adds or drops a trailing slash counts too; a loop is a broken link instead.',
    why: 'Every redirect costs the visitor a round trip and the crawler a request before the page is reached.',
    howToFix: 'Change each link to point straight at the final address.',
  },
  'redirect-chains': {
    title: 'Redirect chains and loops',
    severity: 'warning',
    weight: 5,
    rule: 'A crawled address that needed 2 or more redirect hops to reach its final page, or whose redirects loop.',
    why: 'Each extra hop slows the page down; crawlers stop following after a few hops, and a loop never reaches a page.',
    howToFix:
      'Redirect the first address straight to the final one in a single permanent (301) hop; break loops.',
  },
  'orphan-pages': {
    title: 'Orphan pages',
    severity: 'warning',
    weight: 5,
    rule: 'A page the sitemap lists, answering 200 itself, that no crawled page links to (self-links do not count; the start page is never an orphan). Applies only when a sitemap was read.',
    why: 'Pages listed in the sitemap that no page links to are hard to find for visitors and get little weight from search engines.',
    howToFix:
      'Link to each page from a relevant page or section, or drop it from the sitemap if it is no longer wanted.',
  },
  'deep-pages': {
    title: 'Pages more than 3 clicks from the start page',
    severity: 'warning',
    weight: 4,
    rule: 'A crawled page answering 200 whose click depth — the fewest links to follow from the start page, redirects followed at no extra click — is more than 3.',
    why: 'Pages buried deep in the site are crawled less often and rank as if they mattered less.',
    howToFix:
      'Link to them from higher in the site: section pages, hubs, related-content links or breadcrumbs.',
  },
  'single-inbound-link': {
    title: 'Pages with a single inbound link',
    severity: 'notice',
    weight: 2,
    rule: 'A crawled page answering 200, other than the start page, that exactly one other page links to.',
    why: 'A page reachable from one page only is fragile: remove that link and it becomes an orphan.',
    howToFix: 'Link to the page from other relevant pages.',
  },
  'links-to-noindex': {
    title: 'Internal links to noindex pages',
    severity: 'warning',
    weight: 3,
    rule: 'Internal links to a page that answers 200 and says noindex (or none) for Googlebot in a robots meta tag or the X-Robots-Tag header. One item per target, with its linking pages.',
    why: 'Links to pages that ask not to be indexed spend link weight and crawl budget on pages that will not appear in search results.',
    howToFix:
      'Link to an indexable page instead, or let the page be indexed if it should be found.',
  },
  'links-to-canonicalised': {
    title: 'Internal links to canonicalised pages',
    severity: 'warning',
    weight: 3,
    rule: "Internal links to a page whose canonical (Link header first, else the head's first) names another address — not itself, nor itself without its query string or trailing slash. One item per target, with its linking pages.",
    why: 'These pages name another address as the one to index, so links to them pass through a page that search engines fold into another.',
    howToFix: 'Link to the canonical address itself.',
  },
  'nofollow-internal-links': {
    title: 'Nofollow internal links',
    severity: 'notice',
    weight: 2,
    rule: 'Internal links carrying rel="nofollow", or every link of a page whose robots directives say nofollow; crawled or not (a crawl does not follow them unless asked). One item per target, with the pages whose nofollow links lead there.',
    why: 'A nofollow link to your own page asks search engines not to follow it, which hides the page from them for no benefit.',
    howToFix: 'Remove rel="nofollow" from links to your own pages.',
  },
  'canonical-chains': {
    title: 'Canonical chains and loops',
    severity: 'warning',
    weight: 5,
    rule: 'A page whose canonical names another crawled page whose own canonical names yet another address (up to 10 steps followed), or canonicals that come back to an address already on the path (a loop). One item per page starting a chain.',
    why: 'A canonical that names a page which itself names another (or loops back) gives search engines conflicting signals; they may ignore them all.',
    howToFix: 'Make every canonical name the final address directly.',
  },
  'canonical-to-error': {
    title: 'Canonicals to pages that do not answer 200',
    severity: 'critical',
    weight: 8,
    rule: 'A page whose canonical names another address that the crawl requested and that did not answer 200 itself (a broken address or a redirect).',
    why: 'A canonical naming a missing, failing or redirecting address points search engines at a page they cannot index.',
    howToFix: 'Name a live page that answers 200 as the canonical, usually the page itself.',
  },
  'hreflang-missing-return': {
    title: 'Hreflang without return links',
    severity: 'warning',
    weight: 5,
    rule: "Page A lists B as an hreflang alternate (B not A itself), B was crawled and answers 200, and B lists neither A's final address nor its requested one. One item per such pair, on A.",
    why: 'Hreflang annotations must be confirmed by the other page; without a return link search engines ignore the pair.',
    howToFix: 'Add the matching hreflang link on the alternate page, pointing back at this one.',
  },
  'hreflang-missing-x-default': {
    title: 'Hreflang sets without x-default',
    severity: 'notice',
    weight: 1,
    rule: 'A page with hreflang alternates none of which is x-default.',
    why: 'Without x-default, visitors whose language matches none of the alternates get no suggested page.',
    howToFix:
      'Add <link rel="alternate" hreflang="x-default" href="…"> naming the page for everyone else.',
  },
  'hreflang-to-error': {
    title: 'Hreflang alternates that do not answer 200',
    severity: 'critical',
    weight: 6,
    rule: 'An hreflang alternate that the crawl requested and that did not answer 200 itself (a broken address or a redirect). One item per alternate, with the pages naming it.',
    why: 'An alternate that is missing, failing or redirecting cannot be shown in its language, and the whole set may be ignored.',
    howToFix: 'Point each hreflang link at the live final address of the alternate page.',
  },
  'near-duplicates': {
    title: 'Near-duplicate pages',
    severity: 'warning',
    weight: 6,
    rule: "Groups of 2 or more indexable pages (200, no noindex, no canonical elsewhere) with at least 50 words of main text each whose texts are near-identical: the MinHash signatures (64 hash functions over 5-word shingles, lower-cased; Broder 1997) estimate a Jaccard similarity of at least 0.8. Candidates are found by locality-sensitive hashing (16 bands of 4), pairs at 0.8 or more are joined, and a group is a connected set. Main text is the visible text outside navigation, header, footer and hidden elements (the rendered page's when the render ran).",
    why: 'Pages with nearly the same text compete with each other; search engines pick one and may drop the rest.',
    howToFix:
      'Merge them, make their content distinct, or name one as the canonical of the others.',
  },
  'duplicate-titles': {
    title: 'Duplicate titles',
    severity: 'warning',
    weight: 4,
    rule: 'The same title (case and spacing aside) on 2 or more crawled pages answering 200.',
    why: 'Pages sharing a title look alike in search results and compete for the same queries.',
    howToFix: 'Give every page a title that says what only it covers.',
  },
  'duplicate-descriptions': {
    title: 'Duplicate meta descriptions',
    severity: 'notice',
    weight: 2,
    rule: 'The same meta description (case and spacing aside) on 2 or more crawled pages answering 200.',
    why: 'A description repeated across pages tells searchers nothing about which page to choose.',
    howToFix:
      'Write a description for each page, or leave it out so the search engine picks a passage.',
  },
  'sitemap-not-indexable': {
    title: 'Sitemap entries that cannot be indexed',
    severity: 'warning',
    weight: 5,
    rule: 'A sitemap entry that the crawl found broken, redirecting, blocked by robots.txt, noindex or canonicalised elsewhere.',
    why: 'A sitemap should list only pages to index; listing redirects, errors, blocked, noindex or canonicalised pages wastes crawl and erodes trust in the sitemap.',
    howToFix:
      'Remove these addresses from the sitemap, or list their final, indexable address instead.',
  },
  'indexable-not-in-sitemap': {
    title: 'Indexable pages missing from the sitemap',
    severity: 'notice',
    weight: 2,
    rule: 'A crawled indexable page (200, no noindex, no canonical elsewhere) the sitemap does not list. Applies only when a sitemap was read.',
    why: 'The sitemap is how a site tells search engines what to index; pages left out are found later, if at all.',
    howToFix: 'Add these pages to the sitemap.',
  },
  'broken-external-links': {
    title: 'Broken external links',
    severity: 'warning',
    weight: 4,
    rule: 'Only when the crawl checks external links (off by default: `crawlwise crawl --check-external`, or the web crawl’s “Check external links”, at most 500 targets unless asked otherwise): a link from a crawled page to another site whose address answers 404/410, another 4xx but 401, 403 and 429 (sites that refuse crawlers answer those to working pages), or a 5xx after its redirects, or does not answer (host not found, connection failure, time-out, TLS error, redirect loop). One GET per distinct target, body unread, each host paced and its robots.txt obeyed (a target a rule disallows is not asked; one whose robots.txt cannot be read is asked anyway). One item per target, with every linking page and its anchor text.',
    why: 'A link to a page that is gone sends visitors to an error and tells search engines the page is not maintained.',
    howToFix:
      'Point each link at the page’s new address (search the other site, or an archived copy), or remove it.',
  },
};

/* ---------- What the site report carries ---------- */

/** Source pages shown per affected item (the CSV export lists the first of them too). */
export const MAX_FINDING_SOURCES = 10;
/** Affected items a site report carries per finding; the count says how many there are. */
export const MAX_FINDING_ITEMS = 500;

export const siteFindingItemSchema = z.object({
  url: z.string(),
  /** What is wrong with it, in a few words ("404", "3 hops", "depth 5", "→ /final"). */
  detail: z.string().nullable(),
  /** The pages whose links or annotations lead here, with the link's anchor text. */
  sources: z.array(z.object({ url: z.string(), anchor: z.string() })),
  /** Every source page, when `sources` shows only the first MAX_FINDING_SOURCES. */
  sourceCount: z.number().int().min(0),
});
export type SiteFindingItem = z.infer<typeof siteFindingItemSchema>;

export const siteFindingSchema = z.object({
  id: z.enum(SITE_FINDING_IDS),
  severity: z.enum(SITE_FINDING_SEVERITIES),
  title: z.string(),
  why: z.string(),
  howToFix: z.string(),
  /** Affected items in all (pages, targets or clusters); `items` holds at most MAX_FINDING_ITEMS. */
  count: z.number().int().min(1),
  /** Points taken off the site score. */
  points: z.number().int().min(0),
  items: z.array(siteFindingItemSchema),
});
export type SiteFinding = z.infer<typeof siteFindingSchema>;
