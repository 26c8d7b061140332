/**
 * The site as the generator plans it, before any HTML exists: every page with its status, head
 * signals (title, description, robots, canonical, hreflang) and links in document order. The
 * HTML is rendered from this plan and the expected findings are read from it, so the two cannot
 * disagree: a link is planted once and both the page and the manifest show it.
 */

/** One `<a href>`: `target` is a path on the site, or an absolute address on another host. */
export interface PlannedLink {
  target: string;
  /** The link's text, or the alt text of the image it wraps (`image`). */
  anchor: string;
  image?: boolean;
  nofollow?: boolean;
  /** Other rel tokens written beside nofollow (`sponsored`), as real sites mix them. */
  relExtra?: string;
  /** The language a switcher link leads to (`<a hreflang>`). */
  hreflang?: string;
}

export interface ListedLink extends PlannedLink {
  /** A line of text shown under the link in a listing. */
  teaser?: string;
}

/** A block of the main content (`<main>`), in reading order. */
export type Block =
  | { type: 'heading'; text: string }
  | { type: 'byline'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'linked-paragraph'; before: string; link: PlannedLink; after: string }
  | { type: 'link-list'; links: ListedLink[] }
  | { type: 'pagination'; links: PlannedLink[] }
  | { type: 'facts'; rows: ReadonlyArray<readonly [string, string]> };

export type PageKind =
  | 'home'
  | 'static'
  | 'section'
  | 'category'
  | 'listing'
  | 'article'
  | 'product'
  | 'print'
  | 'edition'
  | 'account'
  | 'not-found'
  | 'server-error'
  | 'redirect';

export type PageStatus = 200 | 301 | 404 | 500;

export interface PlannedPage {
  path: string;
  kind: PageKind;
  status: PageStatus;
  /** Where a 301 points (a path on the site). */
  location?: string;
  lang: string;
  title: string;
  /** The `<h1>`, first in the main content; listings name the page by it. */
  heading: string;
  description: string;
  /** `<meta name="robots" content>`. */
  robots?: string;
  /** The `X-Robots-Tag` response header. */
  xRobotsTag?: string;
  /** The path `<link rel="canonical">` names; none when undefined. */
  canonical?: string;
  /** `<link rel="alternate" hreflang>` entries (`x-default` included when the page has one). */
  hreflang?: Array<{ lang: string; path: string }>;
  /** Whether the site's header and footer (with their links) surround the page. */
  chrome: boolean;
  /** The breadcrumb trail's links (the page itself ends the trail as plain text). */
  breadcrumbs: PlannedLink[];
  /** A language switcher (editions only). */
  languages: PlannedLink[];
  main: Block[];
  /** The "Related" box beside the main content (`<aside>`). */
  related: PlannedLink[];
  inSitemap: boolean;
  /** The problem this page was picked to carry, so one page never carries two by accident. */
  role?: string;
}

export interface SitePlan {
  origin: string;
  siteName: string;
  pages: Map<string, PlannedPage>;
  /** The header's links, the same on every page with chrome. */
  header: PlannedLink[];
  /** The footer's links (internal and external), the same on every page with chrome. */
  footer: PlannedLink[];
  /** Path prefixes robots.txt disallows for every user agent. */
  disallowed: string[];
}

export const isExternal = (target: string): boolean => /^https?:\/\//.test(target);

/** Every link of a page in document order: header, breadcrumbs, switcher, main, related, footer. */
export function linksOf(page: PlannedPage, site: SitePlan): PlannedLink[] {
  const links: PlannedLink[] = [];
  if (page.chrome) links.push(...site.header);
  links.push(...page.breadcrumbs, ...page.languages);
  for (const block of page.main) {
    if (block.type === 'linked-paragraph') links.push(block.link);
    else if (block.type === 'link-list' || block.type === 'pagination') links.push(...block.links);
  }
  links.push(...page.related);
  if (page.chrome) links.push(...site.footer);
  return links;
}

export function isBlocked(path: string, site: SitePlan): boolean {
  return site.disallowed.some((prefix) => path.startsWith(prefix));
}
