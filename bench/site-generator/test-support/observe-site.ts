import { robotsDirectiveSources } from '@crawlwise/analyzer/checks/robots-meta';
import {
  crawlPermission,
  parseRobotsFile,
  type RobotsFile,
} from '@crawlwise/analyzer/gather/robots';
import { textContent } from '@crawlwise/analyzer/page/dom';
import { parseHtml } from '@crawlwise/analyzer/page/html-parser';
import { linkLookup, metaValues, titleLookup } from '@crawlwise/analyzer/page/metadata';
import { type Outlink, outlinksOf } from '@crawlwise/analyzer/page/outlinks';
import { extractVisibleText } from '@crawlwise/analyzer/page/visible-text';
import { crawlKey, crawlScope, DEFAULT_CRAWL_URL_RULES } from '@crawlwise/shared/crawl-url';
import type { GeneratedSite, SiteResponse } from '../generate-site.ts';

/**
 * The generated site read back the way a crawler reads it, from the responses alone: the
 * analyzer's HTML parser, link extraction, robots directives, head metadata and main-text
 * reader, the shared crawl key, and robots.txt through the analyzer's robots rules. Tests
 * compare what this sees with the manifest, which the generator wrote from its plan, so a
 * problem the plan promises but the HTML lacks (or the other way round) fails a test.
 */

export interface ObservedPage {
  url: string;
  status: number;
  /** Absolute Location of a redirect. */
  location: string | null;
  /** Internal links as the crawl stores them (outlinks.ts), the page's robots nofollow applied. */
  links: Outlink[];
  noindex: boolean;
  canonical: string | null;
  hreflang: Array<{ lang: string; url: string }>;
  title: string | null;
  description: string | null;
  /** Words of the main text (visible-text.ts). */
  words: string[];
}

export interface ObservedSite {
  start: string;
  sitemapEntries: string[];
  sitemapFiles: string[];
  requested: string[];
  blocked: string[];
  pages: Map<string, ObservedPage>;
  /** Each requested address's redirect hops, read from Location headers. */
  redirects: Map<string, { hops: string[]; final: string | null }>;
}

const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

function responseAt(site: GeneratedSite, url: string): SiteResponse | undefined {
  const parsed = new URL(url);
  return site.responses.get(`${parsed.pathname}${parsed.search}`);
}

export function readPage(site: GeneratedSite, url: string, start: string): ObservedPage {
  const response = responseAt(site, url) ?? { status: 404, headers: {}, body: '' };
  const base: ObservedPage = {
    url,
    status: response.status,
    location: response.headers.location ? new URL(response.headers.location, url).href : null,
    links: [],
    noindex: false,
    canonical: null,
    hreflang: [],
    title: null,
    description: null,
    words: [],
  };
  if (response.status !== 200 && response.body === '') return base;
  const doc = parseHtml(response.body);
  const directives = robotsDirectiveSources(doc, response.headers, null)
    .flatMap((source) => source.directives)
    .map((directive) => directive.toLowerCase());
  const canonical = linkLookup(doc, 'canonical').head[0]?.attribs.href;
  const title = titleLookup(doc).head[0];
  return {
    ...base,
    links: outlinksOf(doc, new URL(url), {
      scope: crawlScope(start, DEFAULT_CRAWL_URL_RULES),
      rules: DEFAULT_CRAWL_URL_RULES,
      pageNofollow: directives.includes('nofollow') || directives.includes('none'),
    }).internal,
    noindex: directives.includes('noindex') || directives.includes('none'),
    canonical: canonical === undefined ? null : crawlKey(canonical, url),
    hreflang: linkLookup(doc, 'alternate', 'hreflang').head.map((el) => ({
      lang: el.attribs.hreflang!,
      url: crawlKey(el.attribs.href!, url)!,
    })),
    title: title ? textContent(title) : null,
    description: metaValues(doc, 'description')[0] ?? null,
    words: extractVisibleText(doc).words,
  };
}

function sitemapOf(site: GeneratedSite, robots: string): { files: string[]; entries: string[] } {
  const files = [...robots.matchAll(/^Sitemap:\s*(\S+)/gim)].map((m) => m[1]!);
  const entries: string[] = [];
  for (let i = 0; i < files.length; i++) {
    const xml = responseAt(site, files[i]!)!.body;
    if (xml.includes('<sitemapindex')) files.push(...locs(xml));
    else entries.push(...locs(xml));
  }
  return { files, entries };
}

/** A breadth-first crawl from the start page seeded with the sitemap, robots.txt obeyed. */
export function observeSite(site: GeneratedSite): ObservedSite {
  const start = `${site.origin}/`;
  const robotsBody = responseAt(site, `${site.origin}/robots.txt`)!.body;
  const robots: RobotsFile = parseRobotsFile(`${site.origin}/robots.txt`, Buffer.from(robotsBody));
  const sitemap = sitemapOf(site, robotsBody);
  const observed: ObservedSite = {
    start,
    sitemapEntries: sitemap.entries,
    sitemapFiles: sitemap.files,
    requested: [],
    blocked: [],
    pages: new Map(),
    redirects: new Map(),
  };
  const queue = [start, ...sitemap.entries.map((entry) => crawlKey(entry)!)];
  const seen = new Set<string>();
  for (const url of queue) {
    if (seen.has(url)) continue;
    seen.add(url);
    if (!crawlPermission(robots, url).allowed) {
      observed.blocked.push(url);
      continue;
    }
    observed.requested.push(url);
    const page = readPage(site, url, start);
    observed.pages.set(url, page);
    observed.redirects.set(url, followLocations(site, page, start));
    for (const link of page.links) if (!link.nofollow) queue.push(link.key);
  }
  return observed;
}

function followLocations(site: GeneratedSite, page: ObservedPage, start: string) {
  const hops: string[] = [];
  const seen = new Set([page.url]);
  let current = page;
  while (current.location !== null) {
    hops.push(current.location);
    if (seen.has(current.location)) return { hops, final: null };
    seen.add(current.location);
    current = readPage(site, current.location, start);
  }
  return { hops, final: current.url };
}
