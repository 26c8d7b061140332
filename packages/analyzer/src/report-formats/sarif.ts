import type { AnalysisReport, Severity } from '../types.ts';
import type { RenderContext } from './render-context.ts';

/**
 * SARIF 2.1.0 (OASIS), the format code-scanning dashboards import (GitHub's
 * upload-sarif action, GitLab, Azure DevOps). One run; one rule per check of the report; one
 * result per finding that did not pass. SARIF speaks of files, so each result is located at the
 * analysed page's URL, line 1 (the checks are about the page, not a line of it).
 */
export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
export const SARIF_VERSION = '2.1.0';
const TOOL_NAME = 'crawlwise';

const LEVEL: Record<Exclude<Severity, 'success'>, 'error' | 'warning'> = {
  critical: 'error',
  warning: 'warning',
};

/** SARIF's names for how a result relates to the baseline run. */
type BaselineState = 'new' | 'unchanged' | 'updated';

export function renderSarif(report: AnalysisReport, context: RenderContext): string {
  const rules = report.issues.map((issue) => ({
    id: issue.id,
    name: pascalCase(issue.id),
    shortDescription: { text: `Crawlwise check "${issue.id}" (${issue.category})` },
    fullDescription: { text: issue.why },
    help: { text: issue.why },
    properties: { category: issue.category, tags: ['seo', issue.category] },
  }));
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const results = report.issues
    .filter((issue) => issue.severity !== 'success')
    .map((issue) => ({
      ruleId: issue.id,
      ruleIndex: ruleIndex.get(issue.id) as number,
      kind: 'fail',
      level: LEVEL[issue.severity as Exclude<Severity, 'success'>],
      message: { text: `${issue.message}. ${issue.why}` },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: report.finalUrl },
            region: { startLine: 1 },
          },
        },
      ],
      // Lets a dashboard track one alert per page and check across runs.
      partialFingerprints: { 'crawlwiseFinding/v1': `${report.finalUrl}#${issue.id}` },
      ...(context.comparison ? { baselineState: baselineState(issue.id, context) } : {}),
      properties: { severity: issue.severity, points: issue.points, details: issue.details },
    }));
  return serialise({
    tool: { driver: driver(context.toolVersion, rules) },
    invocations: [{ executionSuccessful: true }],
    results,
    properties: {
      url: report.url,
      finalUrl: report.finalUrl,
      fetchedAt: report.fetchedAt,
      score: report.score,
      categories: report.categories.map(({ id, score, weight }) => ({ id, score, weight })),
      ...(context.comparison ? { comparison: context.comparison } : {}),
    },
  });
}

/** A run that did not analyse the page: no results, and the reason as a tool notification. */
export function renderSarifError(
  url: string,
  error: { code: string; message: string },
  toolVersion: string,
): string {
  return serialise({
    tool: { driver: driver(toolVersion, []) },
    invocations: [
      {
        executionSuccessful: false,
        toolExecutionNotifications: [
          { level: 'error', descriptor: { id: error.code }, message: { text: error.message } },
        ],
      },
    ],
    results: [],
    properties: { url, error: error.code },
  });
}

function driver(version: string, rules: unknown[]) {
  return { name: TOOL_NAME, version, semanticVersion: version, rules };
}

function baselineState(id: string, context: RenderContext): BaselineState {
  const comparison = context.comparison;
  if (comparison?.newFindings.some((finding) => finding.id === id)) return 'new';
  if (comparison?.changed.some((change) => change.id === id)) return 'updated';
  return 'unchanged';
}

function serialise(run: Record<string, unknown>): string {
  return `${JSON.stringify({ $schema: SARIF_SCHEMA_URI, version: SARIF_VERSION, runs: [run] }, null, 2)}\n`;
}

/** "meta-description" → "MetaDescription": SARIF recommends Pascal case for rule names. */
export function pascalCase(id: string): string {
  return id
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
