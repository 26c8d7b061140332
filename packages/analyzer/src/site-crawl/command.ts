import { DEFAULT_IGNORED_QUERY_PARAMETERS } from '@crawlwise/shared/crawl-url';
import { parseServerUrl } from '@crawlwise/shared/url-input';
import { EXIT } from '../cli-args.ts';
import { writeNotAnalysable, writeResult } from '../cli-output.ts';
import type { EngineOptions } from '../engine.ts';
import { analyseSite } from '../site/site-findings.ts';
import type { CrawlArgs } from './crawl-args.ts';
import { buildCrawlDocument, type CrawlDocument } from './crawl-document.ts';
import { evaluateCrawlGates } from './crawl-gates.ts';
import { renderCrawlHtml } from './crawl-html.ts';
import { createCrawlProgress } from './crawl-progress.ts';
import { renderCrawlSarif } from './crawl-sarif.ts';
import { renderCrawlMarkdown, renderCrawlSummary } from './crawl-text.ts';
import { type CrawlResult, runCrawl, siteGraphInputOf } from './run-crawl.ts';

/**
 * `crawlwise crawl <url>` from parsed arguments to exit code: crawl, run the site findings,
 * write the chosen format (stdout or --output), then the gates. Progress, notes and gate results
 * go to stderr so stdout holds only the document. Ctrl-C stops starting pages and still reports.
 */

export interface CrawlCommandIo {
  toolVersion: string;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WriteStream;
  /** Defaults to stopping on SIGINT. */
  signal?: AbortSignal;
  /** Engine settings beyond the command line (tests: resolvers, analysis threads). */
  engineOptions?: EngineOptions;
}

/** The exit code, and for a crawl that ran its result and document (what tests read). */
export interface CrawlOutcome {
  code: number;
  result: CrawlResult | null;
  document: CrawlDocument | null;
}

export async function runCrawlCommand(args: CrawlArgs, io: CrawlCommandIo): Promise<number> {
  return (await crawlCommand(args, io)).code;
}

export async function crawlCommand(args: CrawlArgs, io: CrawlCommandIo): Promise<CrawlOutcome> {
  const stderr = io.stderr ?? process.stderr;
  const out = { output: args.output, stdout: io.stdout ?? process.stdout };
  const parsed = parseServerUrl(args.url ?? '');
  if (!parsed.ok) {
    const code = parsed.code === 'missing_url' ? 'invalid_url' : parsed.code;
    await writeNotAnalysable(
      args,
      args.url ?? '',
      { code, message: parsed.message },
      io.toolVersion,
    );
    return { code: EXIT.notAnalysable, result: null, document: null };
  }
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  if (io.signal) {
    if (io.signal.aborted) controller.abort();
    else io.signal.addEventListener('abort', onSigint, { once: true });
  } else process.once('SIGINT', onSigint);
  const progress = createCrawlProgress(stderr);
  let result: CrawlResult;
  try {
    result = await runCrawl({
      startUrl: parsed.url.href,
      maxPages: args.maxPages,
      maxDepth: args.maxDepth,
      followNofollow: args.followNofollow,
      rules: {
        ignoredQueryParameters: DEFAULT_IGNORED_QUERY_PARAMETERS,
        includeSubdomains: args.includeSubdomains,
        include: args.include,
        exclude: args.exclude,
      },
      perHostDelayMs: args.perHostDelayMs,
      concurrency: args.concurrency,
      externalLinks: args.checkExternal === null ? null : { max: args.checkExternal },
      engineOptions: {
        ...io.engineOptions,
        allowPrivate: args.allowPrivate || io.engineOptions?.allowPrivate === true,
        render: args.render,
      },
      onProgress: (p) => progress.update(p),
      signal: controller.signal,
    });
  } finally {
    progress.done();
    io.signal?.removeEventListener('abort', onSigint);
    process.off('SIGINT', onSigint);
  }

  const start = result.pages.find((page) => page.key === result.startKey);
  if (start?.state !== 'completed') {
    const code = start?.errorCode ?? 'site_check_cancelled';
    const message =
      start?.state === 'blocked'
        ? "The site's robots.txt does not allow Crawlwise to fetch the start page."
        : `The start page could not be analysed (${code}), so there were no links to follow.`;
    await writeNotAnalysable(args, result.startUrl, { code, message }, io.toolVersion);
    return { code: EXIT.notAnalysable, result, document: null };
  }

  const analysis = analyseSite(siteGraphInputOf(result));
  const document = buildCrawlDocument(result, analysis, {
    toolVersion: io.toolVersion,
    render: args.render,
  });
  await writeCrawlDocument(out, args.format, document);
  if (args.output !== null) {
    stderr.write(
      `Crawl report written to ${args.output} (site score ${document.siteScore ?? '–'}/100, ${document.totals.addresses} addresses)\n`,
    );
  }
  for (const failure of result.sitemap.failures) {
    stderr.write(`Sitemap ${failure.url} not read (${failure.code}): ${failure.message}\n`);
  }
  const failures = evaluateCrawlGates(args.gates, {
    siteScore: document.siteScore,
    findings: document.findings,
  });
  for (const failure of failures) {
    stderr.write(`Gate failed: ${failure.rule} (${failure.reason})\n`);
  }
  return { code: failures.length > 0 ? EXIT.gateFailed : EXIT.ok, result, document };
}

export function renderCrawl(format: CrawlArgs['format'], document: CrawlDocument): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(document)}\n`;
    case 'markdown':
      return renderCrawlMarkdown(document);
    case 'html':
      return renderCrawlHtml(document);
    case 'sarif':
      return renderCrawlSarif(document);
    case 'summary':
      return renderCrawlSummary(document);
  }
}

async function writeCrawlDocument(
  out: { output: string | null; stdout: NodeJS.WritableStream },
  format: CrawlArgs['format'],
  document: CrawlDocument,
): Promise<void> {
  const text = renderCrawl(format, document);
  if (out.output === null) out.stdout.write(text);
  else await writeResult({ output: out.output }, text);
}
