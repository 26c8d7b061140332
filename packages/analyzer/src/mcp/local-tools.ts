import { readFile } from 'node:fs/promises';
import { DEFAULT_IGNORED_QUERY_PARAMETERS } from '@crawlwise/shared/crawl-url';
import { DEFAULT_CRAWL_DEPTH, MAX_CRAWL_DEPTH } from '@crawlwise/shared/site-check';
import { parseServerUrl } from '@crawlwise/shared/url-input';
import { z } from 'zod';
import { isAnalysisError } from '../analysis-error.ts';
import {
  DEFAULT_BATCH_CONCURRENCY,
  DEFAULT_MAX_PAGES,
  DEFAULT_PER_HOST_DELAY_MS,
} from '../batch/defaults.ts';
import { ALL_CHECKS } from '../checks/index.ts';
import {
  type BaselineReport,
  compareReports,
  formatComparison,
  parseBaseline,
} from '../cli-baseline.ts';
import { cliVersion } from '../cli-version.ts';
import type { Engine, EngineOptions } from '../engine.ts';
import { CATALOGUE_BY_ID } from '../score/score-config.ts';
import { analyseSite } from '../site/site-findings.ts';
import { buildCrawlDocument } from '../site-crawl/crawl-document.ts';
import {
  findingCost,
  limitNotes,
  scoreLine,
  totalsLine,
  worstPages,
} from '../site-crawl/crawl-outline.ts';
import { runCrawl, siteGraphInputOf } from '../site-crawl/run-crawl.ts';
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
    url: z
      .string()
      .max(2048)
      .describe('Where to start: its links are followed on the same host, and the sitemap read'),
    maxPages: z
      .number()
      .int()
      .min(1)
      .max(CRAWL_SITE_MAX_PAGES)
      .optional()
      .describe(`Pages to analyse at most (default and limit ${CRAWL_SITE_MAX_PAGES})`),
    maxDepth: z
      .number()
      .int()
      .min(0)
      .max(MAX_CRAWL_DEPTH)
      .optional()
      .describe(`Clicks from the start page to follow at most (default ${DEFAULT_CRAWL_DEPTH})`),
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

/** What `crawl_site` answers at most, so an agent's context is not flooded by a big site. */
export const CRAWL_SITE_FINDING_ITEMS = 20;
export const CRAWL_SITE_PAGES = 50;

/**
 * crawl_site: `crawlwise crawl` without the command line — from the given address, the site's
 * pages found by following its links (and its sitemap), at most `maxPages`, with the same
 * engine, link rules and site findings. The document is answered, not printed (stdout belongs to
 * the protocol), with each finding's items and the page list clipped for an agent's context.
 */
export async function crawlSite(
  engineOptions: EngineOptions,
  url: string,
  maxPages = CRAWL_SITE_MAX_PAGES,
  maxDepth = DEFAULT_CRAWL_DEPTH,
  engine?: Engine,
): Promise<ToolAnswer> {
  const startUrl = pageAddress(url);
  const result = await runCrawl({
    startUrl,
    maxPages,
    maxDepth,
    followNofollow: false,
    rules: {
      ignoredQueryParameters: DEFAULT_IGNORED_QUERY_PARAMETERS,
      includeSubdomains: false,
      include: [],
      exclude: [],
    },
    perHostDelayMs: DEFAULT_PER_HOST_DELAY_MS,
    concurrency: DEFAULT_BATCH_CONCURRENCY,
    ...(engine ? { engine } : { engineOptions }),
  });
  const start = result.pages.find((page) => page.key === result.startKey);
  if (start?.state !== 'completed') {
    const code = start?.errorCode ?? 'internal_error';
    throw new ToolError(
      start?.state === 'blocked'
        ? `blocked_by_robots: The site's robots.txt does not allow Crawlwise to fetch ${startUrl}.`
        : `${code}: The start page could not be analysed, so there were no links to follow.`,
    );
  }
  const document = buildCrawlDocument(result, analyseSite(siteGraphInputOf(result)), {
    toolVersion: cliVersion(),
    render: engineOptions.render !== false,
  });
  const findings = document.findings.map((finding) => ({
    ...finding,
    items: finding.items.slice(0, CRAWL_SITE_FINDING_ITEMS),
  }));
  const structured = {
    ...document,
    findings,
    pages: worstPages(document, CRAWL_SITE_PAGES),
    pagesShown: `The ${CRAWL_SITE_PAGES} lowest page scores of ${document.totals.analysed} analysed pages; each finding lists at most ${CRAWL_SITE_FINDING_ITEMS} of its items (count says how many).`,
  };
  const lines = findings
    .slice(0, 10)
    .map((finding) => `- ${finding.title}: ${finding.count}${findingCost(finding)}`);
  return {
    structured,
    text: [
      scoreLine(document),
      totalsLine(document),
      ...limitNotes(document),
      ...(lines.length ? ['Problems between pages:', ...lines] : ['No problem between pages.']),
    ].join('\n'),
  };
}
