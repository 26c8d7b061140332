import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { parseServerUrl } from '@crawlwise/shared/url-input';
import { z } from 'zod';
import { isAnalysisError } from '../analysis-error.ts';
import { parseBatchArgs } from '../batch/batch-args.ts';
import { runBatchCommand } from '../batch/command.ts';
import { DEFAULT_MAX_PAGES } from '../batch/defaults.ts';
import { ALL_CHECKS } from '../checks/index.ts';
import {
  type BaselineReport,
  compareReports,
  formatComparison,
  parseBaseline,
} from '../cli-baseline.ts';
import type { Engine, EngineOptions } from '../engine.ts';
import { CATALOGUE_BY_ID } from '../score/score-config.ts';
import type { AnalysisReport } from '../types.ts';

/**
 * The tools of `crawlwise mcp` (docs/mcp.md › Local), as plain functions over one engine so
 * they are tested without the protocol: each answers structured content and a short text.
 */

export interface ToolAnswer {
  text: string;
  structured: Record<string, unknown>;
}

export class ToolError extends Error {}

/** What `crawl_site` may read at most, like the CLI's --max-pages default. */
export const CRAWL_SITE_MAX_PAGES = DEFAULT_MAX_PAGES;

export const localToolInputs = {
  analyze_page: z.object({
    url: z.string().max(2048).describe('A full address, such as https://example.com/page'),
  }),
  crawl_site: z.object({
    url: z.string().max(2048).describe('Any address of the site; its /sitemap.xml is read'),
    maxPages: z
      .number()
      .int()
      .min(1)
      .max(CRAWL_SITE_MAX_PAGES)
      .optional()
      .describe(`Pages to analyse at most (default and limit ${CRAWL_SITE_MAX_PAGES})`),
  }),
  explain_check: z.object({
    id: z.string().max(100).describe('A check id, such as meta-description'),
  }),
  compare_pages: z.object({
    a: z.string().max(4096).describe('An address to analyse, or the path of a saved JSON result'),
    b: z.string().max(4096).describe('An address to analyse, or the path of a saved JSON result'),
  }),
};

function pageAddress(input: string): string {
  const parsed = parseServerUrl(input);
  if (!parsed.ok) throw new ToolError(`${parsed.code}: ${parsed.message}`);
  return parsed.url.href;
}

export function reportText(report: AnalysisReport): string {
  const failed = report.issues.filter((issue) => issue.severity !== 'success');
  const critical = failed.filter((issue) => issue.severity === 'critical').length;
  const warnings = failed.length - critical;
  const first = failed.slice(0, 3).map((issue) => `- ${issue.message}`);
  return [
    `${report.url}: score ${report.score}/100, ${critical} critical and ${warnings} warning findings.`,
    ...(first.length ? ['Fix first:', ...first] : ['Nothing to fix.']),
  ].join('\n');
}

export async function analyzePage(engine: Engine, url: string): Promise<AnalysisReport> {
  try {
    return await engine.analyze(await engine.fetchDocument(pageAddress(url)));
  } catch (error) {
    if (isAnalysisError(error)) throw new ToolError(`${error.code}: ${error.message}`);
    throw error;
  }
}

export function explainCheck(id: string): ToolAnswer {
  const check = ALL_CHECKS.find(({ meta }) => meta.id === id);
  const entry = CATALOGUE_BY_ID.get(id);
  if (!check || !entry) {
    const known = ALL_CHECKS.map(({ meta }) => meta.id).join(', ');
    throw new ToolError(`Unknown check "${id}". The checks are: ${known}.`);
  }
  const { meta } = check;
  const structured = {
    id: meta.id,
    title: meta.title,
    category: entry.category,
    criticalPoints: entry.critical,
    warningPoints: entry.warning,
    why: meta.why,
    howToFix: meta.howToFix,
    ...(meta.fixSnippet ? { fixSnippet: meta.fixSnippet } : {}),
    ...(meta.rule ? { rule: meta.rule } : {}),
    ...(meta.sources ? { sources: meta.sources.map(({ title, url }) => ({ title, url })) } : {}),
  };
  const rule = meta.rule ? `\nRule: ${meta.rule}` : '';
  return {
    structured,
    text: `${meta.title} (${meta.id}, ${entry.category}): ${meta.why}\nHow to fix: ${meta.howToFix}${rule}`,
  };
}

/** A side of compare_pages: an address is analysed now; anything else is a saved JSON result. */
async function sideOf(engine: Engine, input: string): Promise<AnalysisReport | BaselineReport> {
  if (/^https?:\/\//i.test(input.trim())) return analyzePage(engine, input);
  try {
    return parseBaseline(await readFile(input, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolError(`Cannot read ${input} as a saved result: ${reason}`);
  }
}

export async function comparePages(engine: Engine, a: string, b: string): Promise<ToolAnswer> {
  const [before, after] = await Promise.all([sideOf(engine, a), sideOf(engine, b)]);
  const comparison = compareReports(before, after);
  return { structured: { comparison }, text: formatComparison(comparison) };
}

/**
 * crawl_site: the pages of the site's /sitemap.xml (at most `maxPages`), analysed by the batch
 * run of `crawlwise --sitemap`, with the same engine, limits and site summary. Its JSON document
 * is collected instead of printed: stdout belongs to the protocol.
 */
export async function crawlSite(
  engineOptions: EngineOptions,
  url: string,
  maxPages = CRAWL_SITE_MAX_PAGES,
): Promise<ToolAnswer> {
  const sitemap = new URL('/sitemap.xml', pageAddress(url)).href;
  const { batch, errors } = parseBatchArgs(['--sitemap', sitemap, '--max-pages', String(maxPages)]);
  if (errors.length > 0) throw new ToolError(errors.join(' '));
  let json = '';
  const stdout = new Writable({
    write(chunk, _encoding, done) {
      json += String(chunk);
      done();
    },
  });
  const problems: string[] = [];
  const stderr = new Writable({
    write(chunk, _encoding, done) {
      problems.push(String(chunk).trim());
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  await runBatchCommand({ urls: [], batch, json: true, engineOptions, stdout, stderr });
  if (!json.trim())
    throw new ToolError(problems.join(' ') || `No page of ${sitemap} could be read.`);
  const result = JSON.parse(json) as {
    totals: { pages: number; analysed: number; failed: number };
    pages: Array<{ url: string; status: string; score?: number }>;
  };
  const lines = result.pages
    .slice(0, 20)
    .map((page) => `- ${page.url}: ${page.status === 'ok' ? page.score : page.status}`);
  return {
    structured: result,
    text: [
      `${result.totals.analysed} of ${result.totals.pages} pages of ${sitemap} analysed, ${result.totals.failed} failed.`,
      ...lines,
    ].join('\n'),
  };
}
