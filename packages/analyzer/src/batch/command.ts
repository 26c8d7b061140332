import { parseServerUrl } from '@crawlwise/shared/url-input';
import { isAnalysisError } from '../analysis-error.ts';
import { type EngineOptions, overridingResolver } from '../engine.ts';
import { createAddressGuard } from '../gather/address-guard.ts';
import type { AddressGuard } from '../types.ts';
import type { BatchArgs } from './batch-args.ts';
import { createProgressBar } from './progress-bar.ts';
import { type BatchResult, runBatch } from './run-batch.ts';
import { buildSiteView, type SiteView } from './site-view.ts';
import { readSitemap, type SitemapResult } from './sitemap.ts';
import { formatBatchSummary } from './summary.ts';
import { readUrlList, UrlListError } from './url-list.ts';

/**
 * The whole batch run of the CLI in one call: gather the addresses (arguments, --urls, --sitemap),
 * analyse them with one shared engine, print the summary (or one JSON document) on stdout and a
 * progress bar on stderr when it is a terminal. Returns the exit code. Ctrl-C stops starting
 * pages; the pages done so far are still reported.
 */

export const BATCH_EXIT_OK = 0;
export const BATCH_EXIT_INTERNAL = 1;
/** Some page, or the list or sitemap itself, could not be analysed. */
export const BATCH_EXIT_NOT_ANALYSABLE = 2;

export interface BatchCommandOptions {
  /** Addresses given as arguments. */
  urls: readonly string[];
  batch: BatchArgs;
  json: boolean;
  /** Engine settings (allowPrivate, render, resolveOverrides...); one engine serves every page. */
  engineOptions: EngineOptions;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WriteStream;
  stdin?: NodeJS.ReadableStream;
  /** Defaults to stopping on SIGINT. */
  signal?: AbortSignal;
}

/**
 * The address guard the engine would build from these options, for the sitemap fetch: a sitemap
 * is outside input like a page and must meet the same guard.
 */
export function guardFor(options: EngineOptions): AddressGuard {
  const resolver = options.resolveOverrides?.size
    ? overridingResolver(options.resolveOverrides, options.resolver)
    : options.resolver;
  return createAddressGuard({
    allowPrivate: options.allowPrivate ?? false,
    ...(resolver ? { resolver } : {}),
  });
}

export interface BatchTargets {
  urls: string[];
  sitemap: SitemapResult | null;
}

/** The addresses of a run, in order: arguments, then the list file, then the sitemap. Throws. */
export async function collectBatchTargets(
  urls: readonly string[],
  batch: BatchArgs,
  engineOptions: EngineOptions,
  io: { stdin?: NodeJS.ReadableStream; signal?: AbortSignal } = {},
): Promise<BatchTargets> {
  const all = [...urls];
  if (batch.urlsFile !== null) {
    all.push(...(await readUrlList(batch.urlsFile, io.stdin ? { stdin: io.stdin } : {})));
  }
  let sitemap: SitemapResult | null = null;
  if (batch.sitemap !== null) {
    const parsed = parseServerUrl(batch.sitemap);
    if (!parsed.ok) throw new UrlListError(`The sitemap address is not usable: ${parsed.message}`);
    sitemap = await readSitemap(parsed.url.href, {
      guard: guardFor(engineOptions),
      ...(engineOptions.userAgent ? { userAgent: engineOptions.userAgent } : {}),
      // Addresses already listed count against --max-pages.
      maxUrls: Math.max(0, batch.maxPages - all.length),
      ...(io.signal ? { signal: io.signal } : {}),
    });
    all.push(...sitemap.urls);
  }
  return { urls: all, sitemap };
}

/** The JSON document of a batch run: per page the summary fields and the full report. */
export function batchJson(result: BatchResult, view: SiteView, sitemap: SitemapResult | null) {
  return {
    pages: result.pages.map((page) =>
      page.status === 'ok'
        ? {
            url: page.url,
            status: page.status,
            score: page.report.score,
            criticals: page.report.issues.filter((issue) => issue.severity === 'critical').length,
            durationMs: page.durationMs,
            report: page.report,
          }
        : page.status === 'failed'
          ? { url: page.url, status: page.status, durationMs: page.durationMs, error: page.error }
          : { url: page.url, status: page.status },
    ),
    site: view,
    totals: {
      pages: result.pages.length,
      analysed: view.pagesAnalysed,
      failed: view.pagesFailed,
      duplicates: result.duplicates,
      overLimit: result.overLimit,
      maxPages: result.maxPages,
      startedAt: result.startedAt,
      durationMs: result.durationMs,
    },
    ...(sitemap
      ? {
          sitemap: {
            sitemaps: sitemap.sitemaps,
            failures: sitemap.failures,
            invalidEntries: sitemap.invalidEntries,
            truncated: sitemap.truncated,
          },
        }
      : {}),
  };
}

export async function runBatchCommand(options: BatchCommandOptions): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  if (options.signal) {
    if (options.signal.aborted) controller.abort();
    else options.signal.addEventListener('abort', onSigint, { once: true });
  } else process.once('SIGINT', onSigint);
  const progress = createProgressBar(stderr);
  try {
    let targets: BatchTargets;
    try {
      targets = await collectBatchTargets(options.urls, options.batch, options.engineOptions, {
        ...(options.stdin ? { stdin: options.stdin } : {}),
        signal: controller.signal,
      });
    } catch (error) {
      if (!(error instanceof UrlListError) && !isAnalysisError(error)) throw error;
      const code = isAnalysisError(error) ? ` (${error.code})` : '';
      const what = isAnalysisError(error) ? `Cannot read the sitemap${code}: ` : '';
      if (options.json) {
        stdout.write(
          `${JSON.stringify({ error: isAnalysisError(error) ? error.code : 'invalid_request', message: error.message })}\n`,
        );
      } else stderr.write(`${what}${error.message}\n`);
      return BATCH_EXIT_NOT_ANALYSABLE;
    }
    if (targets.sitemap) {
      for (const failure of targets.sitemap.failures) {
        stderr.write(`Sitemap ${failure.url} not read (${failure.code}): ${failure.message}\n`);
      }
    }
    if (targets.urls.length === 0) {
      const message = 'No addresses to analyse.';
      if (options.json) stdout.write(`${JSON.stringify({ error: 'missing_url', message })}\n`);
      else stderr.write(`${message}\n`);
      return BATCH_EXIT_NOT_ANALYSABLE;
    }
    const result = await runBatch({
      urls: targets.urls,
      engineOptions: options.engineOptions,
      concurrency: options.batch.concurrency,
      perHostDelayMs: options.batch.perHostDelayMs,
      maxPages: options.batch.maxPages,
      onProgress: (p) => progress.update(p),
      signal: controller.signal,
    });
    progress.done();
    const view = buildSiteView(result.pages);
    stdout.write(
      options.json
        ? `${JSON.stringify(batchJson(result, view, targets.sitemap))}\n`
        : `${formatBatchSummary(result, view)}\n`,
    );
    return view.pagesFailed > 0 || (targets.sitemap?.failures.length ?? 0) > 0
      ? BATCH_EXIT_NOT_ANALYSABLE
      : BATCH_EXIT_OK;
  } finally {
    progress.done();
    options.signal?.removeEventListener('abort', onSigint);
    process.off('SIGINT', onSigint);
  }
}
