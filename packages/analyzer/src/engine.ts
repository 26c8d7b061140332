import os from 'node:os';
import path from 'node:path';
import { type AnalysisPool, createAnalysisPool } from './analysis-pool.ts';
import { analyzeArtifacts, type PageAnalysis } from './analyze-artifacts.ts';
import { discoverSitemaps, type SiteDiscovery } from './batch/discover-sitemaps.ts';
import type { CrawlLinkRequest } from './crawl/page-links.ts';
import { createAddressGuard, defaultResolver } from './gather/address-guard.ts';
import type { StartEarlyBrowser } from './gather/early-browser.ts';
import { DEFAULT_USER_AGENT, fetchPage } from './gather/fetch-page.ts';
import { createHostGate, type HostGateOptions } from './gather/host-gate.ts';
import { imagesToProbe, probeImage, probeImages } from './gather/image-probe.ts';
import { lazyRenderer } from './gather/lazy-renderer.ts';
import { fetchLinkStatus, type LinkStatus } from './gather/link-status.ts';
import { fetchLlmsTxt, llmsTxtUrlOf } from './gather/llms-txt.ts';
import { fetchOgImage, ogImageUrl } from './gather/og-image.ts';
import { createOriginCache } from './gather/origin-cache.ts';
import { createOriginProbes } from './gather/origin-probes.ts';
import { type CrawlPermission, crawlPermission, readRobots } from './gather/robots.ts';
import { createRobotsCache, ROBOTS_CACHE_TTL_MS } from './gather/robots-cache.ts';
import { deriveServedPage, type ServedPage } from './page/page-context.ts';
import type {
  AddressGuard,
  AnalysisReport,
  FetchArtifact,
  ImagesArtifact,
  RenderArtifact,
  Resolver,
} from './types.ts';
import { fetchOwnershipProofs, type OwnershipProofs } from './verification/ownership-proofs.ts';

export interface EngineOptions {
  /** Allow private and loopback targets on any port. Tests and local development only. */
  allowPrivate?: boolean;
  /** Fixed DNS answers for chosen hosts (host → address), like curl's --resolve. */
  resolveOverrides?: ReadonlyMap<string, string>;
  resolver?: Resolver;
  userAgent?: string;
  /** false: never start a browser; the js-rendering check reports that it was skipped. */
  render?: boolean;
  renderConcurrency?: number;
  renderTimeoutMs?: number;
  /**
   * Starts Chromium at the first fetch, before playwright-core loads: early-browser.ts's
   * startEarlyBrowser, for the CLI's one page, whose render otherwise waited for that load. The
   * caller imports it (only a run that renders does), so the spawn is not one more import away
   * behind the fetch and the parse. Default: none.
   */
  startBrowserEarly?: StartEarlyBrowser;
  /**
   * Stop the browser and the analysis threads after this long without work (they start again
   * on the next analysis); 0 keeps them. Default: 60 s for the browser, threads kept.
   */
  idleReleaseMs?: number;
  /**
   * Called when the engine has gone idle and stopped its analysis threads (after idleReleaseMs):
   * the moment for the host process to give memory back (the server runs a full GC then).
   */
  onIdleRelease?: () => void;
  /**
   * Worker threads that run the CPU half of analyses (parse, checks, score), so an engine uses
   * more than one core and a large page does not block the event loop. 0 runs it in-process.
   * Default: min(2, available parallelism).
   */
  analysisThreads?: number;
  /**
   * How long a site's robots.txt (and llms.txt, and the origin probes of origin-probes.ts) is kept for the next analyses of the same
   * origin, in ms. Default 60 s; 0 fetches it for every analysis. Unreachable ones are never kept.
   */
  robotsCacheMs?: number;
  /**
   * Per-host bounds of the checks' probes (og:image, images, favicon, redirects, sitemap,
   * unknown path): requests in flight and the least interval between starts (host-gate.ts).
   */
  probePace?: Pick<HostGateOptions, 'maxInFlight' | 'minIntervalMs'>;
  /** Where an npm-packaged browser may unpack itself. */
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
}

export interface Engine {
  /** The crawl fetch: redirects, limits and the address guard; throws AnalysisError. */
  fetchDocument(url: string): Promise<FetchArtifact>;
  /**
   * robots.txt and the render of an already fetched document, then checks and score; for a page
   * of a crawl (`crawl` set), also the links the crawl follows from it.
   */
  analyze(document: FetchArtifact, options?: { crawl?: CrawlLinkRequest }): Promise<PageAnalysis>;
  /** Fetch and analyse in one go (the CLI). */
  analyzeUrl(url: string): Promise<AnalysisReport>;
  /**
   * Whether Crawlwise's crawler may request the page under the robots.txt of its origin (kept
   * like the analyses' robots.txt): a site check asks before it fetches a page, never after.
   */
  crawlPermission(url: string): Promise<CrawlPermission>;
  /** A site's sitemaps (robots.txt, /sitemap.xml, indexes, gzip) through the guard; throws AnalysisError. */
  /** The sitemaps' pages; one budget, a deadline for the whole, stopped by `signal`. */
  discoverSitemaps(
    siteUrl: string,
    options: { maxUrls: number; signal?: AbortSignal; deadlineMs?: number },
  ): Promise<SiteDiscovery>;
  /**
   * Both proofs of a site's ownership (the home page's meta tag, the well-known file) read
   * through the guard, each judged against `token`; never throws for what the site answers.
   */
  fetchOwnershipProofs(siteUrl: string, token: string): Promise<OwnershipProofs>;
  /** How a link's target answers (status after redirects, body unread); never throws for it. */
  linkStatus(url: string, signal?: AbortSignal): Promise<LinkStatus>;
  close(): Promise<void>;
}

/** Answers overridden hosts from the map and everything else from `fallback`. */
export function overridingResolver(
  overrides: ReadonlyMap<string, string>,
  fallback: Resolver = defaultResolver,
): Resolver {
  return async (hostname) => {
    const address = overrides.get(hostname.toLowerCase());
    if (!address) return fallback(hostname);
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
}

export const MAX_ANALYSIS_THREADS = 16;

export function defaultAnalysisThreads(): number {
  return Math.min(2, os.availableParallelism());
}

/**
 * One engine per process: it owns the address guard, the browser pool (one browser reused
 * across analyses) and the analysis threads, so it is created once and closed at shutdown.
 */
export function createEngine(options: EngineOptions = {}): Engine {
  const threads = options.analysisThreads ?? defaultAnalysisThreads();
  if (!Number.isInteger(threads) || threads < 0 || threads > MAX_ANALYSIS_THREADS) {
    throw new RangeError(
      `analysisThreads must be an integer from 0 to ${MAX_ANALYSIS_THREADS}, got ${threads}`,
    );
  }
  const resolver = options.resolveOverrides?.size
    ? overridingResolver(options.resolveOverrides, options.resolver)
    : options.resolver;
  const guard: AddressGuard = createAddressGuard({
    allowPrivate: options.allowPrivate ?? false,
    ...(resolver ? { resolver } : {}),
  });
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  // playwright-core loads only for an engine that renders (gather/lazy-renderer.ts).
  const renderer =
    options.render === false
      ? null
      : lazyRenderer({
          guard,
          concurrency: options.renderConcurrency ?? 2,
          ...(options.idleReleaseMs !== undefined ? { idleCloseMs: options.idleReleaseMs } : {}),
          ...(options.dataDir ? { dataDir: path.resolve(options.dataDir) } : {}),
          ...(options.env ? { env: options.env } : {}),
          ...(options.startBrowserEarly ? { startEarly: options.startBrowserEarly } : {}),
        });

  const analysis: AnalysisPool | null =
    threads > 0
      ? createAnalysisPool({
          threads,
          ...(options.idleReleaseMs !== undefined ? { idleCloseMs: options.idleReleaseMs } : {}),
          ...(options.onIdleRelease ? { onIdleClose: options.onIdleRelease } : {}),
        })
      : null;

  const robots = createRobotsCache({
    read: (pageUrl) => readRobots(pageUrl, { guard, userAgent }),
    ttlMs: options.robotsCacheMs ?? ROBOTS_CACHE_TTL_MS,
  });

  // Issue 9: /llms.txt, one request per origin through the same guard, kept like robots.txt.
  const llmsTxt = createOriginCache({
    read: (llmsUrl) => fetchLlmsTxt(llmsUrl, { guard, userAgent }),
    ttlMs: options.robotsCacheMs ?? ROBOTS_CACHE_TTL_MS,
    keep: (answer) => answer.status !== 'unreachable',
  });

  // Issue 26: the checks' probes share one per-host pace: a crawl's pages ask one host for
  // their images at once, and a cache only helps with what they share.
  const gate = createHostGate(options.probePace);

  // Issue 26: what a page's checks ask of its site (favicon.ico, ...), once per origin, kept alike.
  const originProbes = createOriginProbes({
    guard,
    userAgent,
    gate,
    robotsFile: (pageUrl) => robots.fileFor(pageUrl),
    ttlMs: options.robotsCacheMs ?? ROBOTS_CACHE_TTL_MS,
  });

  // Issue 26: an image's response head, kept like robots.txt (a site's logo and icons appear
  // on every page); timeouts are asked again.
  const imageProbes = createOriginCache({
    read: (imageUrl) => probeImage(imageUrl, { guard, userAgent, gate }),
    ttlMs: options.robotsCacheMs ?? ROBOTS_CACHE_TTL_MS,
    keep: (probe) => probe.outcome !== 'timeout',
  });

  // Issue 26: the og:image's start, kept per image address (a site often shares one).
  const ogImages = createOriginCache({
    read: (imageUrl) => fetchOgImage(imageUrl, { guard, userAgent, gate }),
    ttlMs: options.robotsCacheMs ?? ROBOTS_CACHE_TTL_MS,
    keep: (answer) => answer.outcome !== 'timeout',
  });

  const fetchDocument = (url: string) => {
    // The browser side loads and the browser starts while the page downloads: not at creation,
    // so an engine that has not analysed anything yet holds no playwright-core nor browser
    // (issue 23's idle footprint).
    renderer?.prefetch({ userAgent });
    return fetchPage(url, { guard, userAgent });
  };

  const analyze = async (
    document: FetchArtifact,
    { crawl }: { crawl?: CrawlLinkRequest } = {},
  ): Promise<PageAnalysis> => {
    // Threads start while robots.txt and the render are awaited (once; a no-op afterwards).
    analysis?.warm();
    // In-process, a render leaves this thread idle for most of a second (the browser loads the
    // page, the wait rules run): the served page is parsed meanwhile, not after (issue 23.1),
    // and not before the browser has the document either (the parse would hold up loading
    // playwright-core and opening the page). Without a render it is not done: the requests for
    // robots.txt and the probes follow one another, and a parse between them delayed the run's
    // end (measured on 127.0.0.1).
    const served = renderer && !analysis ? servedPageLater(document.html) : undefined;
    const rendering = renderer
      ? renderer.render({
          url: document.finalUrl,
          html: document.html,
          userAgent,
          timeoutMs: options.renderTimeoutMs ?? 5000,
          // The settled page's images are asked about while the render goes on (its clock
          // running ahead, the capture): the probes after it find most answers kept or in flight.
          onImages: (urls) => {
            for (const url of imagesToProbe(urls)) void imageProbes.get(url);
          },
          ...(served ? { onNavigated: served.start } : {}),
        })
      : Promise.resolve<RenderArtifact>({
          status: 'skipped',
          reason: 'Rendering is switched off',
        });
    // A render that never got as far as the navigation (no browser, a failure) starts it too.
    if (served) rendering.then(served.start, served.start);
    const ogImageAddress = ogImageUrl(document.html, document.finalUrl);
    const [robotsArtifact, render, llms, site, images, ogImage, servedPage] = await Promise.all([
      robots.robotsFor(document.finalUrl),
      rendering,
      llmsTxt.get(llmsTxtUrlOf(document.finalUrl) ?? document.finalUrl),
      originProbes.forPage(document),
      // Issue 26: the rendered page's images, asked for their response heads (image-probe.ts).
      rendering.then(
        (rendered): Promise<ImagesArtifact> =>
          rendered.status === 'rendered' && rendered.images
            ? probeImages(rendered.images, { guard, userAgent, probe: imageProbes.get })
            : Promise.resolve({
                status: 'skipped',
                reason: rendered.reason ?? 'The page was not rendered',
              }),
      ),
      ogImageAddress === null ? undefined : ogImages.get(ogImageAddress),
      served?.page,
    ]);
    const artifacts = {
      fetch: document,
      robots: robotsArtifact,
      render,
      images,
      ...(ogImage ? { ogImage } : {}),
      llmsTxt: llms,
      ...site,
      ...(crawl ? { crawl } : {}),
    };
    return analysis ? analysis.run(artifacts) : analyzeArtifacts(artifacts, servedPage);
  };

  return {
    fetchDocument,
    analyze,
    analyzeUrl: async (url) => analyze(await fetchDocument(url)),
    crawlPermission: async (url) => crawlPermission(await robots.fileFor(url), url),
    discoverSitemaps: (siteUrl, { maxUrls, signal, deadlineMs }) =>
      discoverSitemaps(siteUrl, {
        guard,
        userAgent,
        maxUrls,
        ...(signal ? { signal } : {}),
        ...(deadlineMs !== undefined ? { deadlineMs } : {}),
      }),
    fetchOwnershipProofs: (siteUrl, token) =>
      fetchOwnershipProofs(siteUrl, token, { guard, userAgent }),
    linkStatus: (url, signal) =>
      fetchLinkStatus(url, { guard, userAgent, ...(signal ? { signal } : {}) }),
    close: async () => {
      await Promise.all([renderer?.close(), analysis?.close()]);
    },
  };
}

/**
 * deriveServedPage, run in the macrotask after the first `start()` (later calls do nothing), so
 * what called it goes on first. A failure leaves the parse to the analysis, where it is reported
 * by the checks as before.
 */
function servedPageLater(html: string): {
  start: () => void;
  page: Promise<ServedPage | undefined>;
} {
  let start = () => {};
  const page = new Promise<ServedPage | undefined>((resolve) => {
    start = () => {
      start = () => {};
      setImmediate(() => {
        try {
          resolve(deriveServedPage(html));
        } catch {
          resolve(undefined);
        }
      });
    };
  });
  return { start: () => start(), page };
}
