/**
 * Many pages in one run (issue 13, item 5). The CLI needs only parseBatchArgs, isBatchRun,
 * runBatchCommand and BATCH_USAGE; the parts are exported for the server and the benchmark.
 */
export {
  BATCH_USAGE,
  type BatchArgs,
  isBatchRun,
  type ParsedBatchArgs,
  parseBatchArgs,
} from './batch-args.ts';
export {
  BATCH_EXIT_INTERNAL,
  BATCH_EXIT_NOT_ANALYSABLE,
  BATCH_EXIT_OK,
  type BatchCommandOptions,
  batchJson,
  collectBatchTargets,
  guardFor,
  runBatchCommand,
} from './command.ts';
export { createProgressBar, type ProgressBar, renderProgressBar } from './progress-bar.ts';
export {
  type BatchPage,
  type BatchProgress,
  type BatchResult,
  DEFAULT_BATCH_CONCURRENCY,
  DEFAULT_MAX_PAGES,
  DEFAULT_PER_HOST_DELAY_MS,
  type RunBatchOptions,
  runBatch,
} from './run-batch.ts';
export { buildSiteView, type SiteView } from './site-view.ts';
export { parseSitemap, readSitemap, type SitemapOptions, type SitemapResult } from './sitemap.ts';
export { formatBatchSummary, formatBatchTable, formatSiteView } from './summary.ts';
export { parseUrlList, readUrlList, UrlListError } from './url-list.ts';
