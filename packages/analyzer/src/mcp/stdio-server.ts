import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { cliVersion } from '../cli-version.ts';
import { createEngine, type EngineOptions } from '../engine.ts';
import {
  analyzePage,
  comparePages,
  crawlSite,
  explainCheck,
  localToolInputs,
  reportText,
  type ToolAnswer,
  ToolError,
} from './local-tools.ts';

/**
 * `crawlwise mcp`: an MCP server over stdio with the local engine — no Crawlwise server needed
 * (docs/mcp.md › Local). stdout carries the protocol only; anything else goes to stderr.
 */

const answer = ({ text, structured }: ToolAnswer): CallToolResult => ({
  content: [{ type: 'text', text }],
  structuredContent: structured,
});

async function guarded(work: () => Promise<ToolAnswer>): Promise<CallToolResult> {
  try {
    return answer(await work());
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    return { isError: true, content: [{ type: 'text', text: error.message }] };
  }
}

export async function runMcpServer(engineOptions: EngineOptions): Promise<void> {
  const engine = createEngine({ ...engineOptions, analysisThreads: 0 });
  const server = new McpServer({ name: 'crawlwise', version: cliVersion() });

  server.registerTool(
    'analyze_page',
    {
      title: 'Analyse a page',
      description:
        'Fetches a page and analyses it the way a search crawler sees it: score 0-100 and ' +
        'every finding with why it matters and how to fix it.',
      inputSchema: localToolInputs.analyze_page.shape,
    },
    ({ url }) =>
      guarded(async () => {
        const report = await analyzePage(engine, url);
        return { text: reportText(report), structured: { report } };
      }),
  );
  server.registerTool(
    'crawl_site',
    {
      title: 'Analyse the pages of a site',
      description:
        'Crawls a site by its links from the given address (and reads its sitemap), at most ' +
        'maxPages pages like `crawlwise crawl`: the site score, the problems between pages ' +
        '(broken internal links, redirects, orphans, depth, near-duplicates, canonical and ' +
        'hreflang chains) and the lowest-scoring pages.',
      inputSchema: localToolInputs.crawl_site.shape,
    },
    ({ url, maxPages, maxDepth }) =>
      guarded(() => crawlSite(engineOptions, url, maxPages, maxDepth, engine)),
  );
  server.registerTool(
    'explain_check',
    {
      title: 'Explain a check',
      description: 'What a check looks at, why it matters, how to fix it, and its points.',
      inputSchema: localToolInputs.explain_check.shape,
      annotations: { readOnlyHint: true },
    },
    async ({ id }) => guarded(async () => explainCheck(id)),
  );
  server.registerTool(
    'compare_pages',
    {
      title: 'Compare two pages or two results',
      description:
        'Two addresses (analysed now) or two saved JSON results (`crawlwise --json`): the ' +
        'score change and the findings that are new, fixed or changed.',
      inputSchema: localToolInputs.compare_pages.shape,
    },
    ({ a, b }) => guarded(() => comparePages(engine, a, b)),
  );

  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  await server.connect(transport);
  process.stdin.on('end', () => void server.close());
  await closed;
  await engine.close();
}
