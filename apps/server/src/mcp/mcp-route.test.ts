import { MCP_TOOL_NAMES } from '@crawlwise/shared/api/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../test-support/accounts.ts';
import {
  buildTestApp,
  HEALTHY_PAGE,
  startTestSite,
  type TestSite,
  testWorker,
} from '../test-support/test-app.ts';
import type { Worker } from '../worker/worker.ts';

/**
 * The MCP endpoint with the SDK's own client over real HTTP on 127.0.0.1: a token is required,
 * the six tools are listed, analyze_page creates and returns a finished report of a loopback
 * page, a read token cannot start anything, and the other tools answer the REST contracts.
 */

let app: FastifyInstance;
let site: TestSite;
let worker: Worker;
let endpoint: URL;
let readSecret: string;
let writeSecret: string;

beforeAll(async () => {
  ({ app } = await buildTestApp());
  site = await startTestSite({ '/page': { body: HEALTHY_PAGE } });
  worker = testWorker(app);
  await worker.start();
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  endpoint = new URL('/mcp', address);
  const owner = await signUp(app);
  const secretOf = async (scope: 'read' | 'write') =>
    (
      await call(app, 'POST', '/api/me/tokens', {
        cookie: owner.cookie,
        payload: { name: `mcp ${scope}`, scope },
      })
    ).json().secret as string;
  readSecret = await secretOf('read');
  writeSecret = await secretOf('write');
});

afterAll(async () => {
  await worker.stop();
  await app.close();
  await site.close();
});

async function connect(secret: string): Promise<Client> {
  const client = new Client({ name: 'crawlwise-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(endpoint, {
    requestInit: { headers: { authorization: `Bearer ${secret}` } },
  });
  await client.connect(transport);
  return client;
}

const textOf = (result: object) =>
  ((result as { content?: Array<{ text?: string }> }).content ?? [])
    .map((part) => part.text ?? '')
    .join('\n');

describe('the MCP endpoint', () => {
  it('needs an API token', async () => {
    const anonymous = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    expect(await anonymous.json()).toMatchObject({ ok: false, error: 'invalid_token' });
  });

  it('lists the six tools with their input schemas', async () => {
    const client = await connect(readSecret);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());
    const analyze = tools.find((tool) => tool.name === 'analyze_page');
    expect(analyze?.inputSchema).toMatchObject({ type: 'object', required: ['url'] });
    await client.close();
  });

  it('analyze_page returns the finished report; the other tools read it back', async () => {
    const client = await connect(writeSecret);
    const analysed = await client.callTool({
      name: 'analyze_page',
      arguments: { url: site.url('/page') },
    });
    expect(analysed.isError).toBeFalsy();
    const body = analysed.structuredContent as {
      report: { status: string; score: number };
      accessToken: string;
    };
    expect(body.report.status).toBe('completed');
    expect(body.report.score).toBeGreaterThan(0);
    expect(textOf(analysed)).toMatch(/score \d+\/100/);

    const read = await client.callTool({
      name: 'get_report',
      arguments: { token: body.accessToken },
    });
    expect((read.structuredContent as { report: { score: number } }).report.score).toBe(
      body.report.score,
    );
    const listed = await client.callTool({ name: 'list_reports', arguments: {} });
    expect(JSON.stringify(listed.structuredContent)).toContain(body.accessToken);
    const compared = await client.callTool({
      name: 'compare_reports',
      arguments: { a: body.accessToken, b: body.accessToken },
    });
    expect(compared.isError).toBe(true);
    expect(textOf(compared)).toContain('invalid_request: Pick two different reports to compare.');
    await client.close();
  });

  it('a read token cannot start anything; bad input answers the catalogue code', async () => {
    const client = await connect(readSecret);
    const refused = await client.callTool({
      name: 'analyze_page',
      arguments: { url: site.url('/page') },
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^token_scope:/);
    const site_ = await client.callTool({
      name: 'start_site_check',
      arguments: { siteUrl: site.url('/'), source: 'sitemap' },
    });
    expect(textOf(site_)).toMatch(/^token_scope:/);
    const unknown = await client.callTool({ name: 'get_report', arguments: { token: 'nope' } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^report_not_found:/);
    await client.close();

    const writer = await connect(writeSecret);
    const invalid = await writer.callTool({ name: 'analyze_page', arguments: { url: 'ftp://x' } });
    expect(textOf(invalid)).toMatch(/^unsupported_protocol:/);
    await writer.close();
  });

  it('is stateless: GET and DELETE answer 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await fetch(endpoint, {
        method,
        headers: { authorization: `Bearer ${readSecret}` },
      });
      expect(answer.status).toBe(405);
    }
  });
});
