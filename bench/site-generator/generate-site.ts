import { createRng } from '../corpus/prng.ts';
import { crawlSite } from './crawl-model.ts';
import { buildExpected } from './expected.ts';
import { layOut } from './layout.ts';
import { writeSiteLinks } from './links.ts';
import type { ExpectedSite } from './manifest.ts';
import type { SitePlan } from './plan.ts';
import { type CanonicalPlants, canonicalPageCount, plantCanonicals } from './plant-canonical.ts';
import { type ContentPlants, contentPageCount, plantContent } from './plant-content.ts';
import { type DirectivePlants, plantDirectives } from './plant-directives.ts';
import { type HreflangGroup, hreflangPageCount, plantHreflang } from './plant-hreflang.ts';
import { plantStatusProblems, type StatusTargets } from './plant-status.ts';
import { robotsTxt, sitemapFiles } from './render-files.ts';
import { chromeHtml, renderPage } from './render-html.ts';
import { MIN_PAGES, plantCounts } from './scale.ts';

/**
 * A synthetic website for crawl tests and the crawl benchmark (issue 19): `pages` HTML pages
 * answering 200 (plus the 404s, 500s and redirects planted among them), robots.txt and a
 * sitemap, all from a seeded PRNG — the same options give the same bytes. `expected` is what a
 * crawl must find (manifest.ts); README.md describes the site and every planted problem.
 */

export interface SiteResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface GenerateOptions {
  /** HTML pages answering 200. At least MIN_PAGES. */
  pages: number;
  seed: string | number;
  /** Scheme, host and port the site's absolute addresses use, without a trailing slash. */
  origin: string;
  /**
   * Entries per sitemap file (SITEMAP_CHUNK by default): past it `/sitemap.xml` is an index of
   * children. A small value gives a small site the index of several children a large site has.
   */
  sitemapChunk?: number;
}

export interface GeneratedSite {
  origin: string;
  /** Path (as requested, without query) → response. */
  responses: Map<string, SiteResponse>;
  expected: ExpectedSite;
  /** The plan the site was rendered from, and which pages carry which problem (for tests). */
  plan: SitePlan;
  plants: {
    status: StatusTargets;
    canonical: CanonicalPlants;
    directives: DirectivePlants;
    hreflang: HreflangGroup[];
    content: ContentPlants;
  };
}

const HTML = 'text/html; charset=utf-8';

export function generateSite(options: GenerateOptions): GeneratedSite {
  const { pages, seed } = options;
  const origin = options.origin.replace(/\/+$/, '');
  if (!Number.isInteger(pages) || pages < MIN_PAGES) {
    throw new RangeError(`site generator: pages must be an integer of at least ${MIN_PAGES}`);
  }
  const rng = createRng(seed);
  const counts = plantCounts(pages);
  const reserved =
    canonicalPageCount(counts) + hreflangPageCount(counts) + contentPageCount(counts);
  const layout = layOut(rng.fork('layout'), origin, pages, reserved);
  const status = plantStatusProblems(layout, counts);
  const canonical = plantCanonicals(layout, counts, status);
  const directives = plantDirectives(layout, counts);
  const hreflang = plantHreflang(layout, counts);
  const content = plantContent(layout, counts);
  writeSiteLinks(layout, content.orphans);

  const { plan } = layout;
  const htmlPages = [...plan.pages.values()].filter((page) => page.status === 200).length;
  if (htmlPages !== pages) {
    throw new Error(`site generator: planned ${htmlPages} pages instead of ${pages}`);
  }

  const sitemapEntries = [...plan.pages.values()].filter((p) => p.inSitemap).map((p) => p.path);
  const sitemaps = sitemapFiles(plan, sitemapEntries, rng.fork('sitemap'), options.sitemapChunk);
  const responses = new Map<string, SiteResponse>();
  responses.set('/robots.txt', {
    status: 200,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
    body: robotsTxt(plan),
  });
  for (const [path, body] of sitemaps) {
    responses.set(path, { status: 200, headers: { 'content-type': 'application/xml' }, body });
  }
  const chrome = chromeHtml(plan);
  for (const page of plan.pages.values()) {
    const headers: Record<string, string> = { 'content-type': HTML };
    if (page.xRobotsTag) headers['x-robots-tag'] = page.xRobotsTag;
    if (page.status === 301) {
      headers.location = `${origin}${page.location}`;
      responses.set(page.path, { status: 301, headers, body: '' });
      continue;
    }
    responses.set(page.path, {
      status: page.status,
      headers,
      body: renderPage(page, plan, chrome),
    });
  }

  const crawl = crawlSite(plan, sitemapEntries);
  const nearDuplicates = content.nearDuplicates;
  return {
    origin,
    responses,
    expected: buildExpected(plan, crawl, sitemapEntries, [...sitemaps.keys()], nearDuplicates),
    plan,
    plants: { status, canonical, directives, hreflang, content },
  };
}
