import { AnalysisError, isAnalysisError } from '../analysis-error.ts';
import { type RobotsFile, readRobots } from '../gather/robots.ts';
import {
  MAX_SITEMAP_DOCUMENTS,
  readSitemap,
  type SitemapBudget,
  type SitemapFailure,
  type SitemapOptions,
} from './sitemap.ts';

/**
 * Finds a site's pages the way a crawler does: the `Sitemap:` lines of its robots.txt, else the
 * conventional /sitemap.xml; each sitemap (index, gzip, text) is read with readSitemap's bounds
 * (documents, depth, decoded bytes, address count). Every request goes through the guard.
 */

/** `Sitemap:` lines of robots.txt followed at most (each may be an index of many). */
export const MAX_ROBOTS_SITEMAPS = 5;
/**
 * Decoded bytes one whole discovery reads at most, across every sitemap. With the documents
 * (MAX_SITEMAP_DOCUMENTS for the whole discovery, not per `Sitemap:` line) and the deadline,
 * one budget bounds what a site can make a discovery do (issue 25: five robots.txt lines once
 * read 250 documents).
 */
export const MAX_DISCOVERY_BYTES = 50 * 1024 * 1024;

export interface DiscoveryOptions extends SitemapOptions {
  /** The whole discovery's deadline; past it, `fetch_timeout`. */
  deadlineMs?: number;
  /** The site's robots.txt when the caller already holds it (the engine's cache); else it is read. */
  robots?: RobotsFile;
}

export interface SiteDiscovery {
  /** Page addresses in sitemap order, distinct, at most maxUrls. */
  urls: string[];
  /** Where the sitemaps came from. */
  foundVia: 'robots.txt' | '/sitemap.xml';
  /** Sitemap documents read. */
  sitemaps: string[];
  /** Sitemaps named (by robots.txt or an index) that could not be read. */
  failures: SitemapFailure[];
  invalidEntries: number;
  /** Addresses or sitemaps were left unread because a limit was reached. */
  truncated: boolean;
}

/**
 * Reads the sitemaps of the site at `siteUrl`. Throws AnalysisError `no_sitemap` when none can
 * be read (robots.txt names none and /sitemap.xml fails, or every named one fails).
 */
export async function discoverSitemaps(
  siteUrl: string,
  options: DiscoveryOptions,
): Promise<SiteDiscovery> {
  const discovery = await readSiteSitemaps(siteUrl, options);
  if (discovery.sitemaps.length === 0) {
    const reason = discovery.failures[0];
    throw new AnalysisError(
      'no_sitemap',
      reason
        ? `No sitemap could be read: ${reason.url} failed (${reason.message}).`
        : 'No sitemap could be read.',
    );
  }
  return discovery;
}

/**
 * discoverSitemaps without the `no_sitemap` error: a site with none gives a discovery without
 * sitemaps, whose failures say why (the sitemap-listing probe tells a 404 from a 503 by them).
 */
export async function readSiteSitemaps(
  siteUrl: string,
  { deadlineMs, ...options }: DiscoveryOptions,
): Promise<SiteDiscovery> {
  const deadline = deadlineMs === undefined ? null : AbortSignal.timeout(deadlineMs);
  const signal =
    deadline && options.signal
      ? AbortSignal.any([deadline, options.signal])
      : (deadline ?? options.signal);
  try {
    return await discover(siteUrl, { ...options, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (deadline?.aborted && !options.signal?.aborted) {
      throw new AnalysisError(
        'fetch_timeout',
        `Reading the sitemaps took longer than ${Math.round((deadlineMs ?? 0) / 1000)} s; reading stopped there.`,
        { cause: error },
      );
    }
    throw error;
  }
}

async function discover(
  siteUrl: string,
  options: SitemapOptions & { robots?: RobotsFile },
): Promise<SiteDiscovery> {
  const origin = new URL(siteUrl).origin;
  const robots =
    options.robots ??
    (await readRobots(`${origin}/`, {
      guard: options.guard,
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    }));
  const listed =
    robots.kind === 'rules'
      ? [...new Set(robots.rules.getSitemaps())].filter((url) => /^https?:\/\//i.test(url))
      : [];
  // Only the site's own sitemaps: a robots.txt naming another origin's sitemaps must not make
  // a discovery read them (issue 25: 245 documents of 5 MB on a second host).
  const named = listed.filter((url) => new URL(url).origin === origin);
  const budget: SitemapBudget = options.budget ?? {
    documents: options.maxDocuments ?? MAX_SITEMAP_DOCUMENTS,
    bytes: MAX_DISCOVERY_BYTES,
  };
  const candidates =
    named.length > 0 ? named.slice(0, MAX_ROBOTS_SITEMAPS) : [`${origin}/sitemap.xml`];
  const maxUrls = options.maxUrls ?? Number.POSITIVE_INFINITY;
  const discovery: SiteDiscovery = {
    urls: [],
    foundVia: named.length > 0 ? 'robots.txt' : '/sitemap.xml',
    sitemaps: [],
    failures: listed
      .filter((url) => !named.includes(url))
      .map((url) => ({
        url,
        code: 'invalid_url',
        message: 'Not read: robots.txt names a sitemap on another site (scheme, host or port).',
      })),
    invalidEntries: 0,
    truncated: named.length > MAX_ROBOTS_SITEMAPS,
  };
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (discovery.urls.length >= maxUrls) {
      discovery.truncated = true;
      break;
    }
    try {
      const result = await readSitemap(candidate, {
        ...options,
        budget,
        sameOrigin: true,
        maxUrls: maxUrls - discovery.urls.length,
      });
      discovery.sitemaps.push(...result.sitemaps);
      discovery.failures.push(...result.failures);
      discovery.invalidEntries += result.invalidEntries;
      discovery.truncated ||= result.truncated;
      for (const url of result.urls) {
        if (seen.has(url)) continue;
        seen.add(url);
        discovery.urls.push(url);
      }
    } catch (error) {
      if (!isAnalysisError(error) || options.signal?.aborted) throw error;
      discovery.failures.push({ url: candidate, code: error.code, message: error.message });
    }
  }
  return discovery;
}
