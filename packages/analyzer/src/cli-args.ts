import { type Gate, parseGate } from './cli-gates.ts';

/** How the report is written: `summary` is the readable text for a terminal. */
export const OUTPUT_FORMATS = ['summary', 'json', 'markdown', 'html', 'sarif'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Command-line arguments of `crawlwise <url>`. */
export interface CliArgs {
  /** The first address given (the page of a one-page run). */
  url: string | null;
  /** Every address given, in order (more than one makes a batch run). */
  urls: string[];
  format: OutputFormat;
  /** Write the report to this file instead of stdout. */
  output: string | null;
  /** Quality gates: any that fails makes the exit code 3. */
  gates: Gate[];
  /** An earlier JSON report to compare with. */
  baseline: string | null;
  render: boolean;
  allowPrivate: boolean;
  help: boolean;
  version: boolean;
  /** What is wrong with the command line, one sentence each; empty when it is usable. */
  problems: string[];
}

/**
 * Exit codes are a contract for scripts and CI: they are printed in --help and in the README.
 * 3 is kept apart from 2 so a pipeline can tell "the page got worse" from "the page could not
 * be read at all".
 */
export const EXIT = {
  ok: 0,
  internal: 1,
  notAnalysable: 2,
  gateFailed: 3,
} as const;

export const USAGE = `Usage: crawlwise <url> [options]
       crawlwise crawl <url> [options]     (a whole site by its links: below)
       crawlwise mcp [--allow-private] [--no-render]

Analyses a web page the way a search crawler sees it and prints its SEO score and findings.
\`crawlwise mcp\` runs an MCP server over stdio for coding agents (tools analyze_page,
crawl_site, explain_check, compare_pages).

Output:
  --format <f>        summary (default), json, markdown, html or sarif (SARIF 2.1.0)
  --json              shorthand for --format json: exactly one JSON document on stdout
  --output <file>     write the report to <file> instead of stdout

CI gates (repeat the option or separate rules with commas; quote rules with < in a shell):
  --fail-on <rule>    exit 3 when the rule matches:
                        score<N          the score is below N (e.g. score<90)
                        critical         any critical finding
                        warning          any warning or critical finding
                        check:<id>       the check <id> did not pass (e.g. check:canonical)
                        regression       worse than --baseline: a new or worsened finding,
                                         or a lower score
  --baseline <file>   compare with an earlier --format json report and print what got better
                      or worse (new, fixed and changed findings, score delta)

Analysis:
  --no-render         skip the headless-browser render (the js-rendering check is skipped)
  --allow-private     allow private and loopback addresses on any port (local testing only)

  -h, --help          show this help
  -v, --version       print the version

Exit codes:
  0  analysed, and every --fail-on gate passed
  1  internal fault (a bug: please report it)
  2  the page cannot be analysed (invalid URL, unreachable, HTTP error...) or the command
     line or the --baseline file is wrong
  3  analysed, but a --fail-on gate failed`;

/** Options that take a value, as `--name value` or `--name=value`. */
const VALUE_OPTIONS = new Set(['--format', '--output', '--fail-on', '--baseline']);

export function parseCliArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = {
    url: null,
    urls: [],
    format: 'summary',
    output: null,
    gates: [],
    baseline: null,
    render: true,
    allowPrivate: false,
    help: false,
    version: false,
    problems: [],
  };
  let formatSeen: string | null = null;
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
      if (name === '--format') formatSeen = setFormat(args, value, formatSeen);
      else if (name === '--output') args.output = value;
      else if (name === '--baseline') args.baseline = value;
      else addGates(args, value);
    } else if (arg === '--json') formatSeen = setFormat(args, 'json', formatSeen);
    else if (arg === '--no-render') args.render = false;
    else if (arg === '--allow-private') args.allowPrivate = true;
    else if (arg === '-h' || arg === '--help') args.help = true;
    else if (arg === '-v' || arg === '--version') args.version = true;
    else if (arg.startsWith('-')) args.problems.push(`Unknown option: ${arg}`);
    else args.urls.push(arg);
  }
  args.url = args.urls[0] ?? null;
  if (args.gates.some((gate) => gate.kind === 'regression') && args.baseline === null) {
    args.problems.push('--fail-on regression needs --baseline <file>.');
  }
  // Whether no URL is a problem depends on the batch options (--urls, --sitemap): cli.ts decides.
  return args;
}

function setFormat(args: CliArgs, value: string, seen: string | null): string {
  if (!(OUTPUT_FORMATS as readonly string[]).includes(value)) {
    args.problems.push(`Unknown format: ${value} (use ${OUTPUT_FORMATS.join(', ')}).`);
  } else if (seen !== null && seen !== value) {
    args.problems.push(`Two formats given: ${seen} and ${value}.`);
  } else {
    args.format = value as OutputFormat;
  }
  return value;
}

function addGates(args: CliArgs, value: string) {
  for (const rule of value.split(',')) {
    const parsed = parseGate(rule.trim());
    if ('problem' in parsed) args.problems.push(parsed.problem);
    else args.gates.push(parsed);
  }
}
