/**
 * How the crawl (issue 19) names a page and decides whether to follow a link to it, written once
 * for the server's crawl and the CLI's. Two links that name one page must give one key, or the
 * crawl visits it twice and reports false duplicates; so the key is the address with what never
 * changes the page taken out: the fragment, the default port, the host's case and trailing dot,
 * percent-escapes of characters that need none (and the case of the rest), and the tracking
 * parameters a site's own links rarely carry but campaigns do (`utm_*`, `gclid`, `fbclid` by
 * default). The order of the remaining query parameters is kept: a server may read it.
 */

/** Query parameters left out of a page's key unless the crawl says otherwise. */
export const DEFAULT_IGNORED_QUERY_PARAMETERS: readonly string[] = ['utm_*', 'gclid', 'fbclid'];

export interface CrawlUrlRules {
  /** Names left out of the key, case-insensitive; a trailing `*` matches any ending. */
  ignoredQueryParameters: readonly string[];
  /** Also follow links to the site's subdomains (`blog.example.com` for `example.com`). */
  includeSubdomains: boolean;
  /** Path patterns (path and query, `*` matches anything) a page must match; none: all. */
  include: readonly string[];
  /** Path patterns that keep a page out of the crawl; they win over `include`. */
  exclude: readonly string[];
}

export const DEFAULT_CRAWL_URL_RULES: CrawlUrlRules = {
  ignoredQueryParameters: DEFAULT_IGNORED_QUERY_PARAMETERS,
  includeSubdomains: false,
  include: [],
  exclude: [],
};

/** RFC 3986's unreserved characters: an escape of one of them names the same page. */
const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** `%7e` → `~`, `%2f` → `%2F`: escapes upper-cased, and dropped where nothing needs escaping. */
function normalizeEscapes(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

function nameMatcher(patterns: readonly string[]): (name: string) => boolean {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const pattern of patterns) {
    const lower = pattern.toLowerCase();
    if (lower.endsWith('*')) prefixes.push(lower.slice(0, -1));
    else exact.add(lower);
  }
  return (name) => {
    const lower = name.toLowerCase();
    return exact.has(lower) || prefixes.some((prefix) => lower.startsWith(prefix));
  };
}

/**
 * The key of the page a link names, or null when it names no page a crawl can fetch (another
 * scheme, a malformed address). `base` resolves relative links (the linking page's address).
 */
export function crawlKey(
  href: string,
  base?: string | URL,
  rules: Pick<CrawlUrlRules, 'ignoredQueryParameters'> = DEFAULT_CRAWL_URL_RULES,
): string | null {
  let url: URL;
  try {
    url = base === undefined ? new URL(href.trim()) : new URL(href.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  url.hash = '';
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.slice(0, -1);
  url.pathname = normalizeEscapes(url.pathname);
  if (url.search === '') {
    // A bare "?" is kept by URL's serialisation; it names the same page as none.
    url.search = '';
  } else {
    const ignored = nameMatcher(rules.ignoredQueryParameters);
    // Split by hand rather than through URLSearchParams, which would re-encode every value
    // (spaces as `+`) and so change addresses the site itself wrote.
    const kept = url.search
      .slice(1)
      .split('&')
      .filter((pair) => pair !== '')
      .filter((pair) => {
        const name = pair.split('=', 1)[0] ?? '';
        let decoded = name;
        try {
          decoded = decodeURIComponent(name.replace(/\+/g, ' '));
        } catch {
          // A malformed escape: the name is compared as written.
        }
        return !ignored(decoded);
      })
      .map(normalizeEscapes);
    url.search = kept.length === 0 ? '' : `?${kept.join('&')}`;
  }
  return url.toString();
}

/** The host a site's subdomains hang from: `www.example.com` → `example.com`. */
function siteDomain(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}

function patternMatcher(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

export interface CrawlScope {
  /** Whether a page's key is part of the site the crawl follows. */
  isInternal(key: string): boolean;
  /** Whether an internal page passes the include and exclude patterns. */
  isIncluded(key: string): boolean;
}

/**
 * The pages of one site: the start address's host (either scheme), and its subdomains when
 * the rules say so. A link elsewhere is external: counted, never followed.
 */
export function crawlScope(site: string | URL, rules: CrawlUrlRules): CrawlScope {
  const start = new URL(String(site));
  const host = start.hostname.replace(/\.$/, '').toLowerCase();
  const domain = siteDomain(host);
  const include = rules.include.map(patternMatcher);
  const exclude = rules.exclude.map(patternMatcher);
  return {
    isInternal(key) {
      let url: URL;
      try {
        url = new URL(key);
      } catch {
        return false;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
      if (url.hostname === host) return true;
      if (!rules.includeSubdomains) return false;
      return url.hostname === domain || url.hostname.endsWith(`.${domain}`);
    },
    isIncluded(key) {
      const url = new URL(key);
      const target = `${url.pathname}${url.search}`;
      if (exclude.some((pattern) => pattern.test(target))) return false;
      return include.length === 0 || include.some((pattern) => pattern.test(target));
    },
  };
}
