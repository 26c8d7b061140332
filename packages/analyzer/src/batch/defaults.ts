/**
 * Batch defaults, apart from run-batch.ts so the CLI's entry can show them in --help and parse
 * the batch options without loading the engine.
 */
export const DEFAULT_MAX_PAGES = 500;
export const DEFAULT_BATCH_CONCURRENCY = 4;
/** Minimum time between the starts of two page fetches on the same host. */
export const DEFAULT_PER_HOST_DELAY_MS = 250;
export const MAX_BATCH_CONCURRENCY = 32;
