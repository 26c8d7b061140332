import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startHttpServer } from '../test-support/local-server.ts';

/**
 * `crawlwise mcp` end to end: the CLI from its source, spoken to by the SDK's own client over
 * stdio, analysing pages of a loopback site. stdout carries only the protocol (the client
 * would fail on anything else).
 */

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../cli.ts');

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  `<meta name="description" content="${title}: a page of the test site for the MCP tools.">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
  `<body><h1>${title}</h1><p>${body}</p></body></html>`;

let site: LocalServer;
let client: Client;
let stderr = '';

beforeAll(async () => {
  site = await startHttpServer((request, response) => {
    const pages: Record<string, string> = {
      '/': page(
        'Oak tables',
        `${'Handmade oak tables. '.repeat(40)}<a href="/chairs">Chairs</a> <a href="/gone">Stools</a>`,
      ),
      '/chairs': page('Oak chairs', 'Handmade oak chairs. '.repeat(40)),
      '/thin': '<!doctype html><html><head></head><body><p>Thin.</p></body></html>',
    };
    if (request.url === '/sitemap.xml') {
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.end(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
          `<url><loc>${site.origin}/</loc></url><url><loc>${site.origin}/chairs</loc></url></urlset>`,
      );
      return;
    }
    const body = pages[request.url ?? ''];
    response.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body ?? 'Not found');
  });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', CLI, 'mcp', '--allow-private', '--no-render'],
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  client = new Client({ name: 'crawlwise-test', version: '1.0.0' });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await site?.close();
});

const textOf = (result: object) =>
  ((result as { content?: Array<{ text?: string }> }).content ?? [])
    .map((part) => part.text ?? '')
    .join('\n');

describe('crawlwise mcp', () => {
  it('offers the four local tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'analyze_page',
      'compare_pages',
      'crawl_site',
      'explain_check',
    ]);
  });

  it('analyze_page answers the report and a summary', async () => {
    const result = await client.callTool({ name: 'analyze_page', arguments: { url: site.url } });
    expect(result.isError).toBeFalsy();
    const { report } = result.structuredContent as { report: { score: number; url: string } };
    expect(report.url).toBe(site.url);
    expect(textOf(result)).toContain(`score ${report.score}/100`);
  }, 60_000);

  it('refuses an address it may not fetch with the catalogue code', async () => {
    const result = await client.callTool({ name: 'analyze_page', arguments: { url: 'ftp://x' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^unsupported_protocol:/);
  });

  it('crawl_site follows the links and finds the problems between pages', async () => {
    const result = await client.callTool({ name: 'crawl_site', arguments: { url: site.url } });
    expect(result.isError).toBeFalsy();
    const body = result.structuredContent as {
      totals: { analysed: number; failed: number };
      findings: Array<{ id: string; count: number; items: Array<{ url: string }> }>;
      pages: Array<{ url: string }>;
    };
    // / and /chairs analysed; /gone (linked, 404) failed; /thin is linked by nothing.
    expect(body.totals).toMatchObject({ analysed: 2, failed: 1 });
    const broken = body.findings.find((finding) => finding.id === 'broken-internal-links');
    expect(broken?.items.map((item) => item.url)).toEqual([`${site.origin}/gone`]);
    expect(body.pages.map((entry) => entry.url).sort()).toEqual([
      `${site.origin}/`,
      `${site.origin}/chairs`,
    ]);
    expect(textOf(result)).toMatch(/^Site score: \d+\/100/);
    expect(textOf(result)).toContain('Broken internal links: 1');
  }, 60_000);

  it('crawl_site refuses a start page it cannot analyse with its code', async () => {
    const result = await client.callTool({
      name: 'crawl_site',
      arguments: { url: `${site.origin}/gone` },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^http_error_404: The start page could not be analysed/);
  }, 60_000);

  it('explain_check says what a check looks at and how to fix it', async () => {
    const result = await client.callTool({
      name: 'explain_check',
      arguments: { id: 'meta-description' },
    });
    expect(result.structuredContent).toMatchObject({
      id: 'meta-description',
      why: expect.any(String),
      howToFix: expect.any(String),
    });
    const sourced = await client.callTool({
      name: 'explain_check',
      arguments: { id: 'image-dimensions' },
    });
    expect(sourced.structuredContent).toMatchObject({
      rule: expect.stringContaining('width and a height'),
      sources: expect.arrayContaining([
        {
          title: 'web.dev: Optimize Cumulative Layout Shift',
          url: 'https://web.dev/articles/optimize-cls',
        },
      ]),
    });
    const unknown = await client.callTool({ name: 'explain_check', arguments: { id: 'nope' } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('Unknown check "nope"');
  });

  it('compare_pages compares an address with a saved result', async () => {
    const saved = await client.callTool({
      name: 'analyze_page',
      arguments: { url: `${site.origin}/thin` },
    });
    const file = path.join(tmpdir(), `crawlwise-mcp-${process.pid}.json`);
    await writeFile(file, JSON.stringify((saved.structuredContent as { report: unknown }).report));
    const result = await client.callTool({
      name: 'compare_pages',
      arguments: { a: file, b: site.url },
    });
    expect(result.isError).toBeFalsy();
    const { comparison } = result.structuredContent as { comparison: { scoreDelta: number } };
    expect(comparison.scoreDelta).toBeGreaterThan(0);
    expect(stderr).not.toMatch(/Internal error/);
  }, 60_000);
});
