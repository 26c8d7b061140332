import {
  analyzePageInput,
  compareReportsInput,
  getReportInput,
  getSiteReportInput,
  listReportsInput,
  startSiteCheckInput,
} from '@crawlwise/shared/api/mcp';
import type { Report } from '@crawlwise/shared/report';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { reportSummary } from './summaries.ts';

/**
 * The tools of the server's MCP endpoint (docs/mcp.md). Each is a thin adapter over the REST
 * route of the same action, called in-process with the caller's own bearer token: the route's
 * shared schema validates the input, the token's scope and the account's limits apply exactly
 * as they do over HTTP, and the answer is the route's contract — one implementation of each
 * action, not two.
 */

/** The REST API as the caller's token reaches it. */
export type ApiCall = (
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown }>;

export interface ToolOptions {
  /** How long analyze_page waits for the analysis before answering with the report so far. */
  analyzeWaitMs: number;
  /** Pause between two reads of a report that is still being analysed. */
  pollMs: number;
}

const json = (body: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(body) }],
  structuredContent: body as Record<string, unknown>,
});

/** A refusal of the REST route, as a tool error an agent can read (the catalogue's words). */
function failure(answer: { status: number; body: unknown }): CallToolResult {
  const body = (answer.body ?? {}) as { error?: string; message?: string };
  return {
    isError: true,
    content: [
      {
        type: 'text',
        text: `${body.error ?? `HTTP ${answer.status}`}: ${body.message ?? 'The request failed.'}`,
      },
    ],
  };
}

const ok = (answer: { status: number }) => answer.status >= 200 && answer.status < 300;

const withSummary = (result: CallToolResult, text: string): CallToolResult => ({
  ...result,
  content: [{ type: 'text', text }, ...result.content],
});

const q = encodeURIComponent;

export function registerTools(server: McpServer, call: ApiCall, options: ToolOptions): void {
  const readReport = async (token: string) => call('GET', `/api/reports/${q(token)}`);

  server.registerTool(
    'analyze_page',
    {
      title: 'Analyse a page',
      description:
        'Fetches a page and analyses it the way a search crawler sees it; answers the report ' +
        '(score 0-100, findings with why and how to fix) once done, or after a bounded wait ' +
        'with its status and token for get_report. Needs a write token.',
      inputSchema: analyzePageInput.shape,
    },
    async ({ url }) => {
      const created = await call('POST', '/api/reports', { url });
      if (!ok(created)) return failure(created);
      const token = (created.body as { accessToken: string }).accessToken;
      const deadline = Date.now() + options.analyzeWaitMs;
      for (;;) {
        const read = await readReport(token);
        if (!ok(read)) return failure(read);
        const report = (read.body as { report: Report }).report;
        const finished = report.status === 'completed' || report.status === 'failed';
        if (finished || Date.now() >= deadline) {
          const note = finished ? '' : `\nCall get_report with token ${token} for the result.`;
          return withSummary(
            json({ ...(read.body as object), accessToken: token }),
            reportSummary(report) + note,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, options.pollMs));
      }
    },
  );

  server.registerTool(
    'get_report',
    {
      title: 'Read a report',
      description:
        'A report by its access token, in the report contract of GET /api/reports/:token.',
      inputSchema: getReportInput.shape,
      annotations: { readOnlyHint: true },
    },
    async ({ token }) => {
      const read = await readReport(token);
      if (!ok(read)) return failure(read);
      return withSummary(json(read.body), reportSummary((read.body as { report: Report }).report));
    },
  );

  server.registerTool(
    'list_reports',
    {
      title: 'List your reports',
      description: 'Your reports, newest first, ten at a time (offset to page on).',
      inputSchema: listReportsInput.shape,
      annotations: { readOnlyHint: true },
    },
    async ({ offset }) => {
      const read = await call('GET', `/api/me/reports?offset=${offset ?? 0}`);
      if (!ok(read)) return failure(read);
      const body = read.body as {
        total: number;
        reports: Array<{ url: string; score: number | null }>;
      };
      const lines = body.reports.map((each) => `- ${each.url}: ${each.score ?? '—'}`);
      return withSummary(json(read.body), [`${body.total} reports.`, ...lines].join('\n'));
    },
  );

  server.registerTool(
    'start_site_check',
    {
      title: 'Check a whole site',
      description:
        'Starts a whole-site check of the sitemap or of a list of pages; answers the site check ' +
        '(its id for get_site_report). One check at a time per account. Needs a write token.',
      inputSchema: startSiteCheckInput.shape,
    },
    async (input) => {
      const started = await call('POST', '/api/site-checks', input);
      if (!ok(started)) return failure(started);
      const check = (started.body as { siteCheck: { id: string; status: string } }).siteCheck;
      return withSummary(json(started.body), `Site check ${check.id} is ${check.status}.`);
    },
  );

  server.registerTool(
    'get_site_report',
    {
      title: 'Read a site report',
      description:
        'The site report of a site check: its pages, their scores and the problems between them.',
      inputSchema: getSiteReportInput.shape,
      annotations: { readOnlyHint: true },
    },
    async ({ id }) => {
      const read = await call('GET', `/api/site-checks/${q(id)}/report`);
      if (!ok(read)) return failure(read);
      return json(read.body);
    },
  );

  server.registerTool(
    'compare_reports',
    {
      title: 'Compare two reports',
      description: 'What changed between two reports of the same page (older a, newer b).',
      inputSchema: compareReportsInput.shape,
      annotations: { readOnlyHint: true },
    },
    async ({ a, b }) => {
      const read = await call('GET', `/api/compare?a=${q(a)}&b=${q(b)}`);
      if (!ok(read)) return failure(read);
      return json(read.body);
    },
  );
}
