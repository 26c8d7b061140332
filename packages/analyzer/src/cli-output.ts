import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CliArgs } from './cli-args.ts';
import { renderSarifError } from './report-formats/sarif.ts';

/** Writes the rendered report where --output says, or to stdout. */
export async function writeResult(args: Pick<CliArgs, 'output'>, text: string): Promise<void> {
  if (args.output === null) {
    process.stdout.write(text);
    return;
  }
  // CI jobs name files under folders that may not exist yet (reports/seo.sarif).
  await mkdir(path.dirname(path.resolve(args.output)), { recursive: true });
  await writeFile(args.output, text);
}

/**
 * Says why the page cannot be analysed: in the machine formats as a document of that format
 * (so a CI step that uploads the file still finds one), otherwise as a sentence on stderr.
 */
export async function writeNotAnalysable(
  args: Pick<CliArgs, 'format' | 'output'>,
  url: string,
  error: { code: string; message: string },
  toolVersion: string,
): Promise<void> {
  const sentence = `Cannot analyse this page (${error.code}): ${error.message}\n`;
  if (args.format === 'json') {
    await writeResult(args, `${JSON.stringify({ error: error.code, message: error.message })}\n`);
  } else if (args.format === 'sarif') {
    await writeResult(args, renderSarifError(url, error, toolVersion));
  } else {
    process.stderr.write(sentence);
    return;
  }
  if (args.output !== null) process.stderr.write(sentence);
}
