import {
  DEFAULT_BATCH_CONCURRENCY,
  DEFAULT_MAX_PAGES,
  DEFAULT_PER_HOST_DELAY_MS,
  MAX_BATCH_CONCURRENCY,
} from './defaults.ts';

/**
 * The batch options of the command line, taken out of argv in one place so the CLI's own parser
 * only sees the rest: `--urls FILE`, `--sitemap URL`, `--max-pages N`, `--concurrency N`,
 * `--per-host-delay MS` (each also as `--flag=value`). Positional addresses are left in `rest`
 * for the CLI parser, which knows which of its own flags take values.
 */

export interface BatchArgs {
  /** `--urls FILE`: one address a line ('-' reads stdin). */
  urlsFile: string | null;
  /** `--sitemap URL`: a sitemap, sitemap index or .gz of either. */
  sitemap: string | null;
  maxPages: number;
  concurrency: number;
  perHostDelayMs: number;
}

export interface ParsedBatchArgs {
  batch: BatchArgs;
  /** argv without the batch options, in order. */
  rest: string[];
  /** Problems with the batch options (missing or bad values), as sentences for stderr. */
  errors: string[];
}

export const BATCH_USAGE = `Many pages in one run:
  crawlwise <url> <url>... | --urls FILE | --sitemap URL  [options]

  --urls FILE           addresses to analyse, one a line (# comments; - reads stdin)
  --sitemap URL         analyse the pages of a sitemap or sitemap index (.gz too)
  --max-pages N         analyse at most N pages (default ${DEFAULT_MAX_PAGES})
  --concurrency N       pages in flight at once, 1-${MAX_BATCH_CONCURRENCY} (default ${DEFAULT_BATCH_CONCURRENCY})
  --per-host-delay MS   least time between two page fetches on one host (default ${DEFAULT_PER_HOST_DELAY_MS})

A page that cannot be analysed is listed with its error; the run goes on. Exit code 2 when
any page (or the list itself) could not be analysed.`;

const VALUE_FLAGS = ['--urls', '--sitemap', '--max-pages', '--concurrency', '--per-host-delay'];

export function parseBatchArgs(argv: readonly string[]): ParsedBatchArgs {
  const batch: BatchArgs = {
    urlsFile: null,
    sitemap: null,
    maxPages: DEFAULT_MAX_PAGES,
    concurrency: DEFAULT_BATCH_CONCURRENCY,
    perHostDelayMs: DEFAULT_PER_HOST_DELAY_MS,
  };
  const rest: string[] = [];
  const errors: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (!VALUE_FLAGS.includes(flag)) {
      rest.push(arg);
      continue;
    }
    let value: string | undefined;
    if (eq > 0) value = arg.slice(eq + 1);
    else if (i + 1 < argv.length && (argv[i + 1] === '-' || !argv[i + 1]!.startsWith('--'))) {
      value = argv[++i];
    }
    if (value === undefined || value === '') {
      errors.push(`${flag} needs a value.`);
      continue;
    }
    switch (flag) {
      case '--urls':
        batch.urlsFile = value;
        break;
      case '--sitemap':
        batch.sitemap = value;
        break;
      case '--max-pages':
        batch.maxPages =
          integerIn(flag, value, 1, Number.MAX_SAFE_INTEGER, errors) ?? batch.maxPages;
        break;
      case '--concurrency':
        batch.concurrency =
          integerIn(flag, value, 1, MAX_BATCH_CONCURRENCY, errors) ?? batch.concurrency;
        break;
      case '--per-host-delay':
        batch.perHostDelayMs = integerIn(flag, value, 0, 60_000, errors) ?? batch.perHostDelayMs;
        break;
    }
  }
  return { batch, rest, errors };
}

function integerIn(
  flag: string,
  value: string,
  min: number,
  max: number,
  errors: string[],
): number | null {
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    errors.push(
      `${flag} must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}, got "${value.slice(0, 40)}".`,
    );
    return null;
  }
  return n;
}

/** A run is a batch when a list or sitemap is given, or more than one address. */
export function isBatchRun(batch: BatchArgs, positionalUrls: readonly string[]): boolean {
  return batch.urlsFile !== null || batch.sitemap !== null || positionalUrls.length > 1;
}
