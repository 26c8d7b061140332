import { parseServerUrl } from '@crawlwise/shared/url-input';
import { EXIT, parseCliArgs, USAGE } from './cli-args.ts';
import { writeNotAnalysable } from './cli-output.ts';
import { cliVersion } from './cli-version.ts';

/**
 * Entry of `crawlwise <url>`. It only parses the command line and the URL; everything heavy
 * (engine, parser, checks, playwright-core, the report formats) is imported once there is a
 * page to analyse, so a wrong URL is answered in a few tens of milliseconds
 * (bench/cli-startup.ts holds that under 300 ms).
 */
async function main(argv: readonly string[]): Promise<number> {
  const args = parseCliArgs(argv);
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  if (args.version) {
    process.stdout.write(`${cliVersion()}\n`);
    return EXIT.ok;
  }
  if (args.problems.length > 0 || args.url === null) {
    process.stderr.write(`${args.problems.join('\n')}\n\n${USAGE}\n`);
    return EXIT.notAnalysable;
  }
  const parsed = parseServerUrl(args.url);
  if (!parsed.ok) {
    const code = parsed.code === 'missing_url' ? 'invalid_url' : parsed.code;
    await writeNotAnalysable(args, args.url, { code, message: parsed.message }, cliVersion());
    return EXIT.notAnalysable;
  }
  const { runAnalysis } = await import('./cli-run.ts');
  return runAnalysis(args, parsed.url.href, cliVersion());
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
