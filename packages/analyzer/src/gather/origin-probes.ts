import type { AddressGuard, Artifacts, FetchArtifact } from '../types.ts';
import { faviconUrlOf, fetchFavicon } from './favicon.ts';
import type { HostGate } from './host-gate.ts';
import { probeHttpsRedirect } from './https-redirect.ts';
import { createOriginCache } from './origin-cache.ts';
import type { TlsOptions } from './pinned-client.ts';
import type { RobotsFile } from './robots.ts';
import {
  readSiteSitemap,
  SITEMAP_LISTING_CACHE_ENTRIES,
  sitemapListingOf,
} from './sitemap-listing.ts';
import { probeUnknownPath, UNKNOWN_PATH_PREFIX } from './unknown-path.ts';

/**
 * The requests issue 26's checks make about a page's site rather than the page, each asked once
 * per origin and kept like robots.txt (origin-cache.ts): concurrent analyses of one origin share
 * one request and a kept answer costs a page nothing. Unlike robots.txt and llms.txt, every
 * answer is kept for the time to live, failures included: a probe that timed out (port 80
 * filtered, a hanging favicon) would otherwise add its timeout to every page of the origin, and
 * one that met a 5xx would become a per-page request on the sites least able to bear it; a
 * failed probe only makes its check say skipped until the answer expires. The CLI, the server's
 * workers and a crawl each hold one engine, so one probe serves every page of an origin. Their
 * requests go through the engine's per-host gate (host-gate.ts) with the image probes.
 */

/**
 * Whether a request path is one an engine asks once per origin rather than a page: robots.txt,
 * llms.txt, favicon.ico, the default sitemap and the soft-404 probe's unknown path. For tests and
 * tools that tell page requests from the rest (politeness is measured between pages).
 */
export function isOriginProbe(path: string): boolean {
  return (
    ['/robots.txt', '/llms.txt', '/favicon.ico', '/sitemap.xml'].includes(path) ||
    path.startsWith(UNKNOWN_PATH_PREFIX)
  );
}

export interface OriginProbesOptions {
  guard: AddressGuard;
  userAgent: string;
  /** How long an answer is kept, in ms; 0 asks for every page. */
  ttlMs: number;
  /** Test hook: trust this CA. */
  tls?: TlsOptions;
  /** Paces every probe's requests per host (host-gate.ts); none when absent. */
  gate?: HostGate;
  /** The robots.txt of a page's origin, from the engine's cache (its Sitemap: lines). */
  robotsFile?: (pageUrl: string) => Promise<RobotsFile>;
  /** Test hook: the http port of an https port (default: 80 for 443, none for another). */
  httpPortOf?: (httpsPort: number) => number | null;
}

export type OriginArtifacts = Pick<
  Artifacts,
  'favicon' | 'httpsRedirect' | 'sitemapListing' | 'unknownPath'
>;

export interface OriginProbes {
  /** The origin's answers for a fetched page (from the cache when they are fresh). Never throws. */
  forPage(document: FetchArtifact): Promise<OriginArtifacts>;
}

export function createOriginProbes(options: OriginProbesOptions): OriginProbes {
  const fetchOptions = {
    guard: options.guard,
    userAgent: options.userAgent,
    ...(options.tls ? { tls: options.tls } : {}),
    ...(options.gate ? { gate: options.gate } : {}),
  };
  const favicons = createOriginCache({
    read: (faviconUrl) => fetchFavicon(faviconUrl, fetchOptions),
    ttlMs: options.ttlMs,
    keep: () => true,
  });

  // Keyed by the https origin.
  const redirects = createOriginCache({
    read: (origin) =>
      probeHttpsRedirect(origin, {
        ...fetchOptions,
        ...(options.httpPortOf ? { httpPortOf: options.httpPortOf } : {}),
      }),
    ttlMs: options.ttlMs,
    keep: () => true,
  });

  // Fewer origins at once: each holds its addresses.
  const sitemaps = createOriginCache({
    read: async (origin) => {
      const robots = await options.robotsFile?.(`${origin}/`).catch(() => undefined);
      return readSiteSitemap(`${origin}/`, { ...fetchOptions, ...(robots ? { robots } : {}) });
    },
    ttlMs: options.ttlMs,
    maxEntries: SITEMAP_LISTING_CACHE_ENTRIES,
    keep: () => true,
  });

  // Keyed by origin; the path asked is the origin's own (unknownPathOf).
  const unknownPaths = createOriginCache({
    read: (origin) => probeUnknownPath(`${origin}/`, fetchOptions),
    ttlMs: options.ttlMs,
    keep: () => true,
  });

  return {
    async forPage(document) {
      const pageUrl = document.finalUrl;
      const faviconUrl = faviconUrlOf(pageUrl);
      const origin = originOf(pageUrl);
      const [favicon, httpsRedirect, sitemap, unknownPath] = await Promise.all([
        faviconUrl === null ? undefined : favicons.get(faviconUrl),
        origin?.startsWith('https:') ? redirects.get(origin) : null,
        origin === null ? undefined : sitemaps.get(origin),
        origin === null ? undefined : unknownPaths.get(origin),
      ]);
      return {
        ...(favicon ? { favicon } : {}),
        ...(httpsRedirect ? { httpsRedirect } : {}),
        ...(sitemap ? { sitemapListing: sitemapListingOf(sitemap, document) } : {}),
        ...(unknownPath ? { unknownPath } : {}),
      };
    },
  };
}

function originOf(pageUrl: string): string | null {
  try {
    return new URL(pageUrl).origin;
  } catch {
    return null;
  }
}
