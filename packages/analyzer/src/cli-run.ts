import { readFile } from 'node:fs/promises';
import { isAnalysisError } from './analysis-error.ts';
import { type CliArgs, EXIT } from './cli-args.ts';
import {
  type BaselineReport,
  compareReports,
  formatComparison,
  parseBaseline,
} from './cli-baseline.ts';
import { evaluateGates } from './cli-gates.ts';
import { writeNotAnalysable, writeResult } from './cli-output.ts';
import { chooseTiersForPage, useBaselineWasm, v8FlagsSet } from './cli-v8-tiers.ts';
import { createEngine } from './engine.ts';
import { defaultCodeCacheDir, useCodeCache } from './gather/code-cache-settings.ts';
import { renderReport } from './report-formats/render-report.ts';

/**
 * The part of the CLI that analyses a page: loaded by cli.ts only once the URL is valid, since
 * it pulls in the engine (parser, checks, playwright-core). cli.ts ends the process as soon as
 * the answer is written, so the engine is left open (see the end).
 */
export async function runAnalysis(
  args: CliArgs,
  url: string,
  toolVersion: string,
): Promise<number> {
  let baseline: BaselineReport | null = null;
  if (args.baseline !== null) {
    try {
      baseline = parseBaseline(await readFile(args.baseline, 'utf8'));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      process.stderr.write(`Cannot use the baseline ${args.baseline}: ${reason}\n`);
      return EXIT.notAnalysable;
    }
  }

  // One page is one HTTP exchange of a few (cli-v8-tiers.ts), before the first connection.
  useBaselineWasm();
  // playwright-core's 7 MB are compiled from a cache, not on every render (issue 23.1).
  if (args.render) useCodeCache({ dir: defaultCodeCacheDir(), flags: v8FlagsSet });
  // The browser is spawned at the fetch, before playwright-core loads (issue 23.1); its module
  // brings child_process and the egress proxy, which a run without render never loads.
  const startBrowserEarly = args.render
    ? (await import('./gather/early-browser.ts')).startEarlyBrowser
    : undefined;
  const progress = startProgress(args.format !== 'summary' || args.output !== null);
  // One analysis per run: analysis threads would only add their start-up (~0.4 s).
  const engine = createEngine({
    allowPrivate: args.allowPrivate,
    render: args.render,
    analysisThreads: 0,
    // The browser starts while playwright-core loads, not after (issue 23.1).
    ...(startBrowserEarly ? { startBrowserEarly } : {}),
  });
  try {
    progress.step(`Fetching ${url}`);
    const document = await engine.fetchDocument(url);
    // The parse and checks of a page of usual size end before TurboFan's code would pay off.
    chooseTiersForPage(document.html.length);
    progress.step(args.render ? 'Rendering and checking' : 'Checking');
    const report = await engine.analyze(document);
    progress.done();

    const comparison = baseline ? compareReports(baseline, report) : null;
    await writeResult(args, renderReport(args.format, report, { comparison, toolVersion }));
    const onStdout = args.format === 'summary' && args.output === null;
    if (args.output !== null) {
      process.stderr.write(`Report written to ${args.output} (score ${report.score}/100)\n`);
    }
    // The summary already ends with the comparison; other formats keep stdout for the document.
    if (comparison && !onStdout) process.stderr.write(`${formatComparison(comparison)}\n`);

    const { failures, unknownChecks } = evaluateGates(args.gates, report, comparison);
    if (unknownChecks.length > 0) {
      const known = report.issues.map((issue) => issue.id).join(', ');
      process.stderr.write(
        `Unknown check in --fail-on: ${unknownChecks.map((id) => `check:${id}`).join(', ')} (checks: ${known})\n`,
      );
      return EXIT.notAnalysable;
    }
    for (const failure of failures) {
      process.stderr.write(`Gate failed: ${failure.rule} (${failure.reason})\n`);
    }
    return failures.length > 0 ? EXIT.gateFailed : EXIT.ok;
  } catch (error) {
    progress.done();
    if (isAnalysisError(error)) {
      await writeNotAnalysable(args, url, error, toolVersion);
      return EXIT.notAnalysable;
    }
    throw error;
  }
  // No engine.close(): closing the browser gracefully took 0.1-0.5 s after the answer was out
  // (issue 23). The process ends next (cli.ts), and an exit handler then kills the browser's
  // process group and removes its profile: the early browser's (spawn-browser.ts), or
  // playwright-core's for one it launched; an unrendered run has nothing to close.
}

/** A spinner on stderr (only on a terminal), so stdout stays clean for the machine formats. */
function startProgress(quiet: boolean) {
  const tty = process.stderr.isTTY && !quiet;
  const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
  let label = '';
  let frame = 0;
  const timer = tty
    ? setInterval(() => {
        process.stderr.write(`\r${frames[frame++ % frames.length]} ${label}\x1b[K`);
      }, 80)
    : null;
  return {
    step(next: string) {
      label = next;
      if (!tty && !quiet) process.stderr.write(`${next}…\n`);
    },
    done() {
      if (timer) {
        clearInterval(timer);
        process.stderr.write('\r\x1b[K');
      }
    },
  };
}
