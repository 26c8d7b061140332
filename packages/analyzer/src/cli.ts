import { setFlagsFromString } from 'node:v8';
import { parseServerUrl } from '@crawlwise/shared/url-input';
import { BATCH_USAGE, isBatchRun, parseBatchArgs } from './batch/batch-args.ts';
import { type CliArgs, EXIT, parseCliArgs, USAGE } from './cli-args.ts';
import { writeNotAnalysable } from './cli-output.ts';
import { cliVersion } from './cli-version.ts';
import { CRAWL_USAGE } from './site-crawl/crawl-usage.ts';

/**
 * Entry of `crawlwise <url>`. It only parses the command line and the URL; everything heavy
 * (engine, parser, checks, playwright-core, the report formats) is imported once there is a
 * page to analyse, so a wrong URL is answered in a few tens of milliseconds
 * (bench/cli-startup.ts holds that under 300 ms).
 */
async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === 'mcp') return mcp(argv.slice(1));
  if (argv[0] === 'crawl') return crawl(argv.slice(1));
  // The batch options (--urls, --sitemap, ...) are taken out first; the rest is the page options.
  const { batch, rest, errors } = parseBatchArgs(argv);
  const args = parseCliArgs(rest);
  if (args.help) {
    process.stdout.write(`${USAGE}\n\n${BATCH_USAGE}\n\n${CRAWL_USAGE}\n`);
    return EXIT.ok;
  }
  if (args.version) {
    process.stdout.write(`${cliVersion()}\n`);
    return EXIT.ok;
  }
  if (isBatchRun(batch, args.urls)) {
    const problems = [...errors, ...args.problems, ...batchProblems(args)];
    if (problems.length > 0) return usageError(problems);
    const { runBatchCommand } = await import('./batch/command.ts');
    return runBatchCommand({
      urls: args.urls,
      batch,
      json: args.format === 'json',
      engineOptions: { allowPrivate: args.allowPrivate, render: args.render },
    });
  }
  const problems = [...errors, ...args.problems];
  if (args.url === null) problems.push('No URL given.');
  if (problems.length > 0 || args.url === null) return usageError(problems);
  const parsed = parseServerUrl(args.url);
  if (!parsed.ok) {
    const code = parsed.code === 'missing_url' ? 'invalid_url' : parsed.code;
    await writeNotAnalysable(args, args.url, { code, message: parsed.message }, cliVersion());
    return EXIT.notAnalysable;
  }
  const { runAnalysis } = await import('./cli-run.ts');
  return exitOnceWritten(await runAnalysis(args, parsed.url.href, cliVersion()));
}

/**
 * Ends a one-page run as soon as its answer is out (issue 23): stdout and stderr have taken
 * everything, the engine is closed, and what else the process would wait for is work of no use
 * to the answer (V8 finishing background compilations and collections). A crawl, a batch and
 * the MCP server end on their own, as before.
 */
async function exitOnceWritten(code: number): Promise<never> {
  await Promise.all([drained(process.stdout), drained(process.stderr)]);
  process.exit(code);
}

/** Resolves once what was written to `stream` before has been handed to the system. */
function drained(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    stream.write('', () => resolve());
  });
}

/** `crawlwise mcp`: an MCP server over stdio with the local engine (docs/mcp.md › Local). */
async function mcp(argv: readonly string[]): Promise<number> {
  const args = parseCliArgs(argv);
  const problems = [...args.problems];
  if (args.url !== null) problems.push('crawlwise mcp takes no address: the tools do.');
  if (problems.length > 0) return usageError(problems);
  const { runMcpServer } = await import('./mcp/stdio-server.ts');
  await runMcpServer({ allowPrivate: args.allowPrivate, render: args.render });
  return EXIT.ok;
}

/** `crawlwise crawl <url>`: follows a site's links and reports the problems between pages. */
async function crawl(argv: readonly string[]): Promise<number> {
  const { parseCrawlArgs } = await import('./site-crawl/crawl-args.ts');
  const args = parseCrawlArgs(argv);
  if (args.help) {
    process.stdout.write(`${CRAWL_USAGE}\n`);
    return EXIT.ok;
  }
  const problems = [...args.problems];
  if (args.url === null) problems.push('No start address given: crawlwise crawl <url>.');
  if (problems.length > 0) {
    process.stderr.write(`${problems.join('\n')}\n\n${CRAWL_USAGE}\n`);
    return EXIT.notAnalysable;
  }
  // A wrong address is answered before the engine is loaded, as for one page.
  const parsed = parseServerUrl(args.url ?? '');
  if (!parsed.ok) {
    const code = parsed.code === 'missing_url' ? 'invalid_url' : parsed.code;
    await writeNotAnalysable(args, args.url ?? '', { code, message: parsed.message }, cliVersion());
    return EXIT.notAnalysable;
  }
  // A crawl holds its site's link graph and pages' results to the end (the site findings need
  // them all), so its heap grows with the site: V8 collects once the heap is a quarter larger
  // than what its last full collection kept, instead of letting it grow up to 4 times. bench:crawl
  // (render off): 9,940 pages peaked at 269 MB instead of 357, 1,000 pages at 214 instead of 238,
  // for 3.6 ms of CPU per page instead of 3.0 on a busier machine (bench/results/crawl-2026-11-28-
  // stop46.md before, -stop46-cli.md after; on a quiet one 19.0-19.4 s instead of 17.8-18.4 for the
  // 9,940 pages). Read at each full collection, so setting it here, before the crawl allocates,
  // is enough; process-wide, it also holds for the analysis threads.
  setFlagsFromString('--heap-growing-percent=25');
  const { runCrawlCommand } = await import('./site-crawl/command.ts');
  return runCrawlCommand(args, { toolVersion: cliVersion() });
}

function usageError(problems: string[]): number {
  process.stderr.write(`${problems.join('\n')}\n\n${USAGE}\n\n${BATCH_USAGE}\n`);
  return EXIT.notAnalysable;
}

/** What a batch run does not offer (yet): one report file per page, gates and baselines. */
function batchProblems(args: CliArgs): string[] {
  const problems: string[] = [];
  if (args.format !== 'summary' && args.format !== 'json') {
    problems.push(`A run of several pages writes the summary or --json, not ${args.format}.`);
  }
  if (args.output !== null) problems.push('--output is for one page; redirect stdout instead.');
  if (args.gates.length > 0 || args.baseline !== null) {
    problems.push('--fail-on and --baseline apply to one page at a time.');
  }
  return problems;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(
      `Internal error: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exitCode = EXIT.internal;
  },
);
