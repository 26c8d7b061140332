import type { AddressGuard, Artifacts, FetchArtifact } from '../types.ts';
import { faviconUrlOf, fetchFavicon } from './favicon.ts';
import { createOriginCache } from './origin-cache.ts';
import type { TlsOptions } from './pinned-client.ts';

/**
 * The requests issue 26's checks make about a page's site rather than the page, each asked once
 * per origin and kept like robots.txt (origin-cache.ts): concurrent analyses of one origin share
 * one request, a kept answer costs a page nothing, and an answer that could not be told
 * (network error, 5xx) is not kept. The CLI, the server's workers and a crawl each hold one
 * engine, so one probe serves every page of an origin within the time to live.
 */

export interface OriginProbesOptions {
  guard: AddressGuard;
  userAgent: string;
  /** How long an answer is kept, in ms; 0 asks for every page. */
  ttlMs: number;
  /** Test hook: trust this CA. */
  tls?: TlsOptions;
}

export type OriginArtifacts = Pick<Artifacts, 'favicon'>;

export interface OriginProbes {
  /** The origin's answers for a fetched page (from the cache when they are fresh). Never throws. */
  forPage(document: FetchArtifact): Promise<OriginArtifacts>;
}

export function createOriginProbes(options: OriginProbesOptions): OriginProbes {
  const fetchOptions = {
    guard: options.guard,
    userAgent: options.userAgent,
    ...(options.tls ? { tls: options.tls } : {}),
  };
  const favicons = createOriginCache({
    read: (faviconUrl) => fetchFavicon(faviconUrl, fetchOptions),
    ttlMs: options.ttlMs,
    keep: (answer) => answer.status !== 'unreachable',
  });

  return {
    async forPage(document) {
      const pageUrl = document.finalUrl;
      const faviconUrl = faviconUrlOf(pageUrl);
      const [favicon] = await Promise.all([
        faviconUrl === null ? undefined : favicons.get(faviconUrl),
      ]);
      return { ...(favicon ? { favicon } : {}) };
    },
  };
}
