import { crawlKey } from '@crawlwise/shared/crawl-url';
import { isAnalysisError } from '../analysis-error.ts';
import { readSiteSitemaps } from '../batch/discover-sitemaps.ts';
import type { FetchArtifact, SitemapListingArtifact } from '../types.ts';
import type { OriginFileOptions } from './origin-file.ts';
import type { RobotsFile } from './robots.ts';

/**
 * A site's sitemap as the `sitemap-listing` check needs it: the sitemaps its robots.txt names,
 * else /sitemap.xml, read with the site check's reader and rules (batch/discover-sitemaps.ts:
 * same-origin sitemaps only, indexes, gzip, the guarded fetch) on a budget small enough for the
 * first page of an origin to wait for, and kept per origin (origin-probes.ts). Pages are matched
 * by their crawl key (shared/crawl-url.ts), as a crawl's "indexable-not-in-sitemap" finding
 * matches them. The addresses are kept as 53-bit hashes of their keys, so an origin's 50,000
 * entries hold under a megabyte and a lookup costs one hash.
 */

export const SITEMAP_LISTING_MAX_URLS = 50_000;
export const SITEMAP_LISTING_MAX_DOCUMENTS = 10;
export const SITEMAP_LISTING_MAX_BYTES = 10 * 1024 * 1024;
export const SITEMAP_LISTING_DEADLINE_MS = 5000;
/** Origins whose sitemaps are kept at once (each up to ~1 MB of hashes). */
export const SITEMAP_LISTING_CACHE_ENTRIES = 64;

/** What was read of an origin's sitemaps, kept per origin. */
export interface SiteSitemap {
  status: 'read' | 'none' | 'unreachable';
  foundVia?: 'robots.txt' | '/sitemap.xml';
  sitemaps?: string[];
  entries?: number;
  truncated?: boolean;
  detail?: string;
  /** Hashes of the listed pages' crawl keys. */
  keys: ReadonlySet<number>;
}

/** Failures that say nothing about whether a sitemap exists: try again later. */
const TRANSIENT = /^(fetch_timeout|fetch_failed|dns_error|http_error_5\d\d|http_error_429)$/;

/** Reads the sitemaps of the page's origin. Never throws. */
export async function readSiteSitemap(
  pageUrl: string,
  options: OriginFileOptions & { robots?: RobotsFile; deadlineMs?: number },
): Promise<SiteSitemap> {
  const keys = new Set<number>();
  try {
    const discovery = await readSiteSitemaps(pageUrl, {
      guard: options.guard,
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      ...(options.tls ? { tls: options.tls } : {}),
      ...(options.gate ? { gate: options.gate } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.robots ? { robots: options.robots } : {}),
      maxUrls: SITEMAP_LISTING_MAX_URLS,
      budget: { documents: SITEMAP_LISTING_MAX_DOCUMENTS, bytes: SITEMAP_LISTING_MAX_BYTES },
      deadlineMs: options.deadlineMs ?? SITEMAP_LISTING_DEADLINE_MS,
    });
    if (discovery.sitemaps.length === 0) {
      const failure = discovery.failures[0];
      const transient =
        discovery.failures.length > 0 &&
        discovery.failures.every((failed) => TRANSIENT.test(failed.code));
      return {
        status: transient ? 'unreachable' : 'none',
        foundVia: discovery.foundVia,
        ...(failure ? { detail: `${failure.url}: ${failure.message}` } : {}),
        keys,
      };
    }
    for (const url of discovery.urls) {
      const key = crawlKey(url);
      if (key !== null) keys.add(keyHash(key));
    }
    return {
      status: 'read',
      foundVia: discovery.foundVia,
      sitemaps: discovery.sitemaps.slice(0, 10),
      entries: keys.size,
      truncated: discovery.truncated,
      keys,
    };
  } catch (error) {
    return {
      status: 'unreachable',
      detail: isAnalysisError(error) || error instanceof Error ? error.message : String(error),
      keys,
    };
  }
}

/** The page's entry in what was read: small, so it costs the analysis thread nothing to carry. */
export function sitemapListingOf(
  sitemap: SiteSitemap,
  document: Pick<FetchArtifact, 'finalUrl' | 'requestedUrl'>,
): SitemapListingArtifact {
  const { keys, ...read } = sitemap;
  if (sitemap.status !== 'read') return read;
  const listed = (url: string) => {
    const key = crawlKey(url);
    return key !== null && keys.has(keyHash(key));
  };
  const finalListed = listed(document.finalUrl);
  return {
    ...read,
    listed: finalListed,
    ...(!finalListed && document.requestedUrl !== document.finalUrl
      ? { requestedListed: listed(document.requestedUrl) }
      : {}),
  };
}

/** Two 32-bit FNV-1a hashes (different offsets) folded into 53 bits: collisions ~1 in 10^11 at 50,000 keys. */
export function keyHash(key: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}
