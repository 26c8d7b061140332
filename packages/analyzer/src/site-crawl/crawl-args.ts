import {
  CRAWL_PAGES_CEILING,
  DEFAULT_CRAWL_DEPTH,
  MAX_CRAWL_DEPTH,
  MAX_CRAWL_PATTERN_CHARS,
  MAX_CRAWL_PATTERNS,
} from '@crawlwise/shared/site-check';
import {
  DEFAULT_BATCH_CONCURRENCY,
  DEFAULT_MAX_PAGES,
  DEFAULT_PER_HOST_DELAY_MS,
  MAX_BATCH_CONCURRENCY,
} from '../batch/defaults.ts';
import { OUTPUT_FORMATS, type OutputFormat } from '../cli-args.ts';
import { type CrawlGate, parseCrawlGates } from './crawl-gates.ts';
import {
  DEFAULT_MAX_EXTERNAL_LINKS,
  MAX_EXTERNAL_LINKS_CEILING,
  MAX_PER_HOST_DELAY_MS,
} from './crawl-usage.ts';

/**
 * The command line of `crawlwise crawl <url>` (issue 19, item 7), parsed before the engine is
 * loaded so a wrong flag is answered at once (exit 2, every problem in one sentence each).
 */

export interface CrawlArgs {
  /** The start address as typed (checked with the URL rule by the command). */
  url: string | null;
  maxPages: number;
  maxDepth: number;
  /** Path patterns a page must match (none: every page); `*` matches anything. */
  include: string[];
  /** Path patterns that keep a page out; they win over include. */
  exclude: string[];
  perHostDelayMs: number;
  concurrency: number;
  render: boolean;
  followNofollow: boolean;
  includeSubdomains: boolean;
  /** --check-external [--max-external N]: how many external targets to ask at most; null: off. */
  checkExternal: number | null;
  format: OutputFormat;
  output: string | null;
  gates: CrawlGate[];
  allowPrivate: boolean;
  help: boolean;
  /** What is wrong with the command line, one sentence each; empty when it is usable. */
  problems: string[];
}

const VALUE_OPTIONS = new Set([
  '--max-pages',
  '--max-depth',
  '--include',
  '--exclude',
  '--per-host-delay',
  '--concurrency',
  '--format',
  '--output',
  '--fail-on',
  '--max-external',
]);

export function parseCrawlArgs(argv: readonly string[]): CrawlArgs {
  const args: CrawlArgs = {
    url: null,
    maxPages: DEFAULT_MAX_PAGES,
    maxDepth: DEFAULT_CRAWL_DEPTH,
    include: [],
    exclude: [],
    perHostDelayMs: DEFAULT_PER_HOST_DELAY_MS,
    concurrency: DEFAULT_BATCH_CONCURRENCY,
    render: true,
    followNofollow: false,
    includeSubdomains: false,
    checkExternal: null,
    format: 'summary',
    output: null,
    gates: [],
    allowPrivate: false,
    help: false,
    problems: [],
  };
  const addresses: string[] = [];
  let formatSeen: string | null = null;
  let renderSeen: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (VALUE_OPTIONS.has(name)) {
      let value: string | undefined;
      if (eq > 0) value = arg.slice(eq + 1);
      else {
        value = argv[i + 1];
        i += 1;
      }
      if (value === undefined || value === '') {
        args.problems.push(`${name} needs a value.`);
        continue;
      }
      readValue(args, name, value, () => {
        formatSeen = setFormat(args, value, formatSeen);
      });
    } else if (arg === '--json') formatSeen = setFormat(args, 'json', formatSeen);
    else if (arg === '--render' || arg === '--no-render') {
      if (renderSeen !== null && renderSeen !== arg) {
        args.problems.push('Both --render and --no-render given: choose one.');
      }
      renderSeen = arg;
      args.render = arg === '--render';
    } else if (arg === '--follow-nofollow') args.followNofollow = true;
    else if (arg === '--include-subdomains') args.includeSubdomains = true;
    else if (arg === '--check-external') args.checkExternal ??= DEFAULT_MAX_EXTERNAL_LINKS;
    else if (arg === '--allow-private') args.allowPrivate = true;
    else if (arg === '-h' || arg === '--help') args.help = true;
    else if (arg.startsWith('-')) args.problems.push(`Unknown option for crawl: ${arg}`);
    else addresses.push(arg);
  }
  args.url = addresses[0] ?? null;
  if (addresses.length > 1) {
    args.problems.push(
      `crawlwise crawl takes one start address, got ${addresses.length}: the crawl finds the rest.`,
    );
  }
  for (const [flag, patterns] of [
    ['--include', args.include],
    ['--exclude', args.exclude],
  ] as const) {
    if (patterns.length > MAX_CRAWL_PATTERNS) {
      args.problems.push(`At most ${MAX_CRAWL_PATTERNS} ${flag} patterns, got ${patterns.length}.`);
    }
  }
  return args;
}

function readValue(args: CrawlArgs, name: string, value: string, setFormatValue: () => void) {
  switch (name) {
    case '--max-pages':
      args.maxPages = integerIn(args, name, value, 1, CRAWL_PAGES_CEILING) ?? args.maxPages;
      break;
    case '--max-depth':
      args.maxDepth = integerIn(args, name, value, 0, MAX_CRAWL_DEPTH) ?? args.maxDepth;
      break;
    case '--concurrency':
      args.concurrency = integerIn(args, name, value, 1, MAX_BATCH_CONCURRENCY) ?? args.concurrency;
      break;
    case '--per-host-delay':
      args.perHostDelayMs =
        integerIn(args, name, value, 0, MAX_PER_HOST_DELAY_MS) ?? args.perHostDelayMs;
      break;
    case '--include':
    case '--exclude':
      if (value.length > MAX_CRAWL_PATTERN_CHARS) {
        args.problems.push(`${name} patterns are at most ${MAX_CRAWL_PATTERN_CHARS} characters.`);
      } else (name === '--include' ? args.include : args.exclude).push(value);
      break;
    case '--format':
      setFormatValue();
      break;
    case '--output':
      args.output = value;
      break;
    case '--max-external':
      // Naming a maximum asks for the check: no need to give --check-external as well.
      args.checkExternal =
        integerIn(args, name, value, 1, MAX_EXTERNAL_LINKS_CEILING) ?? args.checkExternal;
      break;
    case '--fail-on': {
      const { gates, problems } = parseCrawlGates(value);
      args.gates.push(...gates);
      args.problems.push(...problems);
      break;
    }
  }
}

function integerIn(
  args: CrawlArgs,
  name: string,
  value: string,
  min: number,
  max: number,
): number | null {
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    args.problems.push(
      `${name} must be a whole number from ${min} to ${max}, got "${value.slice(0, 40)}".`,
    );
    return null;
  }
  return n;
}

function setFormat(args: CrawlArgs, value: string, seen: string | null): string {
  if (!(OUTPUT_FORMATS as readonly string[]).includes(value)) {
    args.problems.push(`Unknown format: ${value} (use ${OUTPUT_FORMATS.join(', ')}).`);
  } else if (seen !== null && seen !== value) {
    args.problems.push(`Two formats given: ${seen} and ${value}.`);
  } else {
    args.format = value as OutputFormat;
  }
  return value;
}
