import { parseServerUrl } from '@crawlwise/shared/url-input';
import { AnalysisError, isAnalysisError } from './analysis-error.ts';
import { parseCliArgs, USAGE } from './cli-args.ts';
import { formatSummary } from './cli-summary.ts';
import { createEngine } from './engine.ts';

/** Exit codes are a contract for scripts: 0 analysed, 2 cannot be analysed, 1 internal fault. */
const EXIT_OK = 0;
const EXIT_INTERNAL = 1;
const EXIT_NOT_ANALYSABLE = 2;

async function main(argv: readonly string[]): Promise<number> {
  const args = parseCliArgs(argv);
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT_OK;
  }
  if (args.unknown.length > 0 || args.url === null) {
    process.stderr.write(
      `${args.unknown.length ? `Unknown argument: ${args.unknown.join(' ')}\n` : ''}${USAGE}\n`,
    );
    return EXIT_NOT_ANALYSABLE;
  }

  const progress = startProgress(args.json);
  // One analysis per run: analysis threads would only add their start-up (~0.4 s).
  const engine = createEngine({
    allowPrivate: args.allowPrivate,
    render: args.render,
    analysisThreads: 0,
  });
  try {
    const parsed = parseServerUrl(args.url);
    if (!parsed.ok)
      throw new AnalysisError(
        parsed.code === 'missing_url' ? 'invalid_url' : parsed.code,
        parsed.message,
      );
    progress.step(`Fetching ${parsed.url.href}`);
    const document = await engine.fetchDocument(parsed.url.href);
    progress.step(args.render ? 'Rendering and checking' : 'Checking');
    const report = await engine.analyze(document);
    progress.done();
    process.stdout.write(args.json ? `${JSON.stringify(report)}\n` : `${formatSummary(report)}\n`);
    return EXIT_OK;
  } catch (error) {
    progress.done();
    if (isAnalysisError(error)) {
      if (args.json) {
        process.stdout.write(`${JSON.stringify({ error: error.code, message: error.message })}\n`);
      } else {
        process.stderr.write(`Cannot analyse this page (${error.code}): ${error.message}\n`);
      }
      return EXIT_NOT_ANALYSABLE;
    }
    process.stderr.write(
      `Internal error: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    return EXIT_INTERNAL;
  } finally {
    await engine.close();
  }
}

/** A spinner on stderr (only on a terminal), so stdout stays clean for --json. */
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

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`Internal error: ${String(error)}\n`);
    process.exitCode = EXIT_INTERNAL;
  },
);
