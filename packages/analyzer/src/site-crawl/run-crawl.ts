import { setTimeout as sleep } from 'node:timers/promises';
import {
  EMPTY_ERROR_WINDOW,
  type ErrorWindow,
  errorRateStopMessage,
  recordOutcome,
  shouldStop,
} from '@crawlwise/shared/crawl-error-rate';
import { MAX_THROTTLED_RETRIES, throttleDelayMs } from '@crawlwise/shared/crawl-pace';
import { type CrawlUrlRules, crawlKey, crawlScope } from '@crawlwise/shared/crawl-url';
import { isAnalysisError } from '../analysis-error.ts';
import type { SitemapFailure } from '../batch/sitemap.ts';
import { createEngine, type Engine, type EngineOptions } from '../engine.ts';
import type { LinkRecord, Outlink } from '../page/outlinks.ts';
import type { ExternalLinkCheck, SiteGraphInput, SiteGraphLink } from '../site/site-graph.ts';
import { createStringPool, type StringPool } from '../site/string-pool.ts';
import { checkExternalLinks, ExternalLinkBook } from './external-links.ts';
import { Frontier, type FrontierEntry, SITEMAP_SEED_DEPTH } from './frontier.ts';
import { createHostPacer, hostOf } from './host-pacer.ts';

/**
 * `crawlwise crawl`'s crawl (issue 19, item 7), in one process: the server's crawl rules with an
 * in-memory frontier. It starts at the start address (depth 0), seeds the sitemap's pages, and
 * follows the internal links (served and rendered-only) of every page it analyses — nofollow
 * ones only when asked, within --max-depth, --max-pages and the include / exclude patterns. Each
 * address is asked of robots.txt first (a disallowed one is recorded as blocked, never fetched),
 * and each host is paced (host-pacer.ts). A site whose pages keep failing stops the crawl with
 * the server's rule (shared/crawl-error-rate.ts). What is kept per page is only what the site
 * findings read (frontier.ts), and the links as SiteGraphLink records.
 */

/** Sitemap addresses read at most per page of the limit, as the server does (5 per page). */
export const SITEMAP_URLS_PER_PAGE = 5;
/** The whole sitemap discovery's deadline, as the server's. */
export const SITEMAP_DEADLINE_MS = 60_000;
/** Back-off after a 429 / 503 without Retry-After, doubled per retry (the server's base). */
export const THROTTLE_FALLBACK_MS = 2000;

export interface CrawlSettings {
  /** Check how external targets answer, at most this many (null: off, the default). */
  externalLinks?: { max: number } | null;
  maxPages: number;
  maxDepth: number;
  followNofollow: boolean;
  rules: CrawlUrlRules;
  perHostDelayMs: number;
  concurrency: number;
}

export interface CrawlProgress {
  /** Addresses the crawl knows (queued, done or in flight), at most maxPages. */
  discovered: number;
  /** Addresses finished: analysed, failed or blocked. */
  done: number;
  completed: number;
  failed: number;
  blocked: number;
  inFlight: number;
  elapsedMs: number;
  /** The address that just started or finished. */
  url: string | null;
}

export interface CrawlSitemap {
  /** A sitemap was read (the sitemap findings apply only then). */
  read: boolean;
  foundVia: 'robots.txt' | '/sitemap.xml' | null;
  sitemaps: string[];
  failures: SitemapFailure[];
  /** Distinct addresses of the site the sitemaps list. */
  entries: number;
  truncated: boolean;
  /** Why no sitemap could be read. */
  error: { code: string; message: string } | null;
}

export interface CrawlResult {
  startUrl: string;
  startKey: string;
  settings: CrawlSettings;
  /** Every address the crawl knows, in the order it found them. */
  pages: FrontierEntry[];
  links: SiteGraphLink[];
  sitemap: CrawlSitemap;
  /** Addresses were left out because --max-pages was reached. */
  limitReached: boolean;
  /** Why the crawl stopped early (the error-rate rule), or null. */
  stopReason: string | null;
  /** Ctrl-C (the signal) stopped it. */
  cancelled: boolean;
  /** How the external targets answered; null when the option was off or the crawl stopped. */
  external: ExternalLinkCheck[] | null;
  /** External links whose target was not checked: over the option's maximum. */
  externalOmitted: number;
  startedAt: string;
  durationMs: number;
}

export interface RunCrawlOptions extends CrawlSettings {
  /** The start address, already checked with the URL rule. */
  startUrl: string;
  /** A caller-owned engine, left open; without it one is made from engineOptions and closed. */
  engine?: Engine;
  engineOptions?: EngineOptions;
  onProgress?: (progress: CrawlProgress) => void;
  /** Stops starting pages; pages in flight finish, the rest are `cancelled`. */
  signal?: AbortSignal;
}

const linksOf = (
  source: string,
  outlinks: readonly Outlink[],
  renderedOnly: boolean,
  pool: StringPool,
) =>
  outlinks.map(
    (link): SiteGraphLink => ({
      source,
      target: pool(link.key),
      anchor: pool(link.anchor),
      nofollow: link.nofollow,
      renderedOnly,
    }),
  );

interface MetaText {
  title?: { value?: string | null };
  metaDescription?: { value?: string | null };
}

export async function runCrawl(options: RunCrawlOptions): Promise<CrawlResult> {
  const settings: CrawlSettings = {
    maxPages: options.maxPages,
    maxDepth: options.maxDepth,
    followNofollow: options.followNofollow,
    rules: options.rules,
    perHostDelayMs: options.perHostDelayMs,
    concurrency: options.concurrency,
    externalLinks: options.externalLinks ?? null,
  };
  const { rules, maxDepth } = settings;
  const book = settings.externalLinks ? new ExternalLinkBook(settings.externalLinks.max) : null;
  const startKey = crawlKey(options.startUrl, undefined, rules);
  if (startKey === null) throw new RangeError(`Not a crawlable address: ${options.startUrl}`);
  const scope = crawlScope(startKey, rules);
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const ownEngine = options.engine ? null : createEngine(options.engineOptions);
  const engine = options.engine ?? ownEngine!;
  const frontier = new Frontier(settings.maxPages);
  const pacer = createHostPacer(settings.perHostDelayMs);
  const links: SiteGraphLink[] = [];
  // Every page's links are held until the end: each target and anchor text once (string-pool.ts).
  const pool = createStringPool();
  const counts = { completed: 0, failed: 0, blocked: 0, inFlight: 0 };
  let errorWindow: ErrorWindow = EMPTY_ERROR_WINDOW;
  let stopReason: string | null = null;

  const report = (url: string | null) =>
    options.onProgress?.({
      discovered: frontier.size,
      done: counts.completed + counts.failed + counts.blocked,
      ...counts,
      elapsedMs: Math.round(performance.now() - started),
      url,
    });

  try {
    const { sitemap, sitemapKeys } = await readSitemapSeeds(engine, startKey, settings, options);
    frontier.add(startKey, 0, sitemapKeys.has(startKey));
    for (const key of sitemapKeys) if (scope.isIncluded(key)) frontier.add(key, null, true);

    /** Queues the pages a finished page links to (its links are stored either way). */
    const expand = (entry: FrontierEntry, record: LinkRecord) => {
      links.push(...linksOf(entry.key, record.served.internal, false, pool));
      links.push(...linksOf(entry.key, record.renderedOnly ?? [], true, pool));
      book?.record(entry.key, record.served.external);
      const depth = (entry.depth ?? SITEMAP_SEED_DEPTH) + 1;
      if (depth > maxDepth) return;
      for (const link of [...record.served.internal, ...(record.renderedOnly ?? [])]) {
        if (link.nofollow && !settings.followNofollow) continue;
        if (!scope.isIncluded(link.key)) continue;
        frontier.add(pool(link.key), depth, sitemapKeys.has(link.key));
      }
    };

    const finish = (entry: FrontierEntry, errorCode: string | null) => {
      errorWindow = recordOutcome(errorWindow, errorCode);
      if (stopReason === null && shouldStop(errorWindow)) {
        stopReason = errorRateStopMessage(errorWindow, 0);
      }
      report(entry.key);
    };

    const crawlPage = async (key: string, previousReadyAt: number): Promise<void> => {
      const entry = frontier.get(key)!;
      const host = hostOf(key);
      try {
        const permission = await engine.crawlPermission(key);
        pacer.noteCrawlDelay(host, permission.crawlDelaySeconds);
        if (!permission.allowed) {
          pacer.notRequested(host, previousReadyAt);
          entry.state = 'blocked';
          entry.errorCode = 'blocked_by_robots';
          counts.blocked += 1;
          finish(entry, entry.errorCode);
          return;
        }
        const document = await engine.fetchDocument(key);
        pacer.answered(host, { kind: 'answered', ttfbMs: document.ttfbMs });
        const analysis = await engine.analyze(document, { crawl: { site: startKey, rules } });
        const meta = analysis.meta_json as MetaText;
        entry.state = 'completed';
        entry.signals = analysis.signals ?? null;
        entry.title = meta.title?.value ?? null;
        entry.description = meta.metaDescription?.value ?? null;
        entry.score = analysis.score;
        counts.completed += 1;
        if (analysis.links) expand(entry, analysis.links);
        finish(entry, null);
      } catch (error) {
        if (
          isAnalysisError(error) &&
          error.code === 'http_error_503' &&
          entry.throttled < MAX_THROTTLED_RETRIES
        ) {
          // The site asked us to slow down: the host waits, the page is asked again later.
          entry.throttled += 1;
          pacer.answered(host, { kind: 'throttled' });
          pacer.holdOff(
            host,
            throttleDelayMs(error.retryAfterMs, THROTTLE_FALLBACK_MS * 2 ** (entry.throttled - 1)),
          );
          frontier.putBack(key);
          return;
        }
        entry.state = 'failed';
        entry.errorCode = isAnalysisError(error) ? error.code : 'internal_error';
        counts.failed += 1;
        finish(entry, entry.errorCode);
      }
    };

    const inFlight = new Set<Promise<void>>();
    report(null);
    for (;;) {
      let soonest = Number.POSITIVE_INFINITY;
      while (
        inFlight.size < settings.concurrency &&
        stopReason === null &&
        !options.signal?.aborted
      ) {
        const now = performance.now();
        const key = frontier.take((candidate) => {
          const wait = pacer.waitFor(hostOf(candidate), now);
          if (wait > 0) soonest = Math.min(soonest, wait);
          return wait === 0;
        });
        if (key === null) break;
        const host = hostOf(key);
        const previousReadyAt = pacer.readyAt(host);
        pacer.started(host, now);
        counts.inFlight += 1;
        report(key);
        const running = crawlPage(key, previousReadyAt).finally(() => {
          counts.inFlight -= 1;
          inFlight.delete(running);
        });
        inFlight.add(running);
      }
      const stopping = stopReason !== null || options.signal?.aborted === true;
      const waiting = !stopping && frontier.pending > 0 && Number.isFinite(soonest);
      if (inFlight.size === 0 && !waiting) break;
      const wakeUps: Promise<unknown>[] = [...inFlight];
      if (waiting) {
        wakeUps.push(
          sleep(Math.ceil(soonest), undefined, options.signal ? { signal: options.signal } : {}),
        );
      }
      await Promise.race(wakeUps).catch(() => {});
    }
    for (const key of frontier.drainPending()) frontier.get(key)!.state = 'cancelled';
    const external =
      book && stopReason === null && !options.signal?.aborted
        ? await checkExternalLinks(book, {
            engine,
            pacer,
            concurrency: settings.concurrency,
            ...(options.signal ? { signal: options.signal } : {}),
          })
        : null;
    return {
      startUrl: options.startUrl,
      startKey,
      settings,
      pages: [...frontier.entries()],
      links,
      sitemap,
      limitReached: frontier.limitReached,
      stopReason,
      cancelled: options.signal?.aborted === true,
      external,
      externalOmitted: book?.omitted ?? 0,
      startedAt,
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    await ownEngine?.close();
  }
}

/** The sitemap's addresses of the site, as crawl keys; no sitemap is fine. */
async function readSitemapSeeds(
  engine: Engine,
  startKey: string,
  settings: CrawlSettings,
  options: Pick<RunCrawlOptions, 'signal'>,
): Promise<{ sitemap: CrawlSitemap; sitemapKeys: Set<string> }> {
  const scope = crawlScope(startKey, settings.rules);
  const sitemapKeys = new Set<string>();
  try {
    const discovery = await engine.discoverSitemaps(startKey, {
      maxUrls: settings.maxPages * SITEMAP_URLS_PER_PAGE,
      deadlineMs: SITEMAP_DEADLINE_MS,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    for (const url of discovery.urls) {
      const key = crawlKey(url, undefined, settings.rules);
      if (key !== null && scope.isInternal(key)) sitemapKeys.add(key);
    }
    return {
      sitemapKeys,
      sitemap: {
        read: true,
        foundVia: discovery.foundVia,
        sitemaps: discovery.sitemaps,
        failures: discovery.failures,
        entries: sitemapKeys.size,
        truncated: discovery.truncated,
        error: null,
      },
    };
  } catch (error) {
    // Without a sitemap the crawl follows links from its start page alone (and a Ctrl-C during
    // the discovery still reports what there is: nothing yet).
    if (!isAnalysisError(error) && !options.signal?.aborted) throw error;
    const reason = isAnalysisError(error)
      ? { code: error.code, message: error.message }
      : { code: 'cancelled', message: 'The crawl was stopped while the sitemaps were read.' };
    return {
      sitemapKeys,
      sitemap: {
        read: false,
        foundVia: null,
        sitemaps: [],
        failures: [],
        entries: 0,
        truncated: false,
        error: reason,
      },
    };
  }
}

/** What analyseSite reads of a crawl. */
export function siteGraphInputOf(result: CrawlResult): SiteGraphInput {
  return {
    startKey: result.startKey,
    pages: result.pages,
    links: result.links,
    sitemapRead: result.sitemap.read,
    ...(result.external ? { external: result.external } : {}),
  };
}
