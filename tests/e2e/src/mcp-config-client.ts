import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import {
  LOCAL_TOOLS,
  type McpClientConfig,
  REMOTE_TOOLS,
} from '../../../apps/web/app/features/developers/mcp-examples.ts';
import { fillPlaceholders } from '../../../apps/web/app/features/developers/placeholders.ts';

/**
 * An MCP client configuration of /developers read the way its client reads it — the server's
 * stand-in address filled, the client's own token reference (`${CRAWLWISE_TOKEN}`,
 * `${env:…}`, VS Code's `${input:…}`) resolved to the secret — and the server it names reached
 * (remote) or started (local) with the MCP SDK's client.
 */

interface ServerEntry {
  type?: string;
  url?: string;
  headers?: Record<string, string>;
  command?: string;
  args?: string[];
}

function readConfig(config: McpClientConfig, origin: string, secret: string) {
  let text = fillPlaceholders(config.json, { origin });
  if (config.tokenReference) {
    expect(text).toContain(config.tokenReference);
    text = text.split(config.tokenReference).join(secret);
  }
  const parsed = JSON.parse(text) as {
    mcpServers?: Record<string, ServerEntry>;
    servers?: Record<string, ServerEntry>;
    inputs?: Array<{ id: string; password?: boolean }>;
  };
  const entry = (parsed.mcpServers ?? parsed.servers)?.crawlwise;
  if (!entry) throw new Error(`${config.id}: no "crawlwise" server in the configuration`);
  // VS Code asks for an ${input:…} only when the file declares it.
  const input = /\$\{input:([\w-]+)\}/.exec(config.tokenReference ?? '')?.[1];
  if (input) {
    expect(parsed.inputs).toContainEqual(expect.objectContaining({ id: input, password: true }));
  }
  return entry;
}

export async function connectAsConfigured(
  config: McpClientConfig,
  options: { origin?: string; secret?: string; env?: Record<string, string> },
): Promise<Client> {
  const entry = readConfig(config, options.origin ?? '', options.secret ?? '');
  const client = new Client({ name: 'developers-page-test', version: '1.0.0' });
  if (config.server === 'remote') {
    expect(entry.url).toBe(`${options.origin}/mcp`);
    await client.connect(
      new StreamableHTTPClientTransport(new URL(entry.url as string), {
        requestInit: { headers: entry.headers ?? {} },
      }),
    );
  } else {
    expect(entry.url).toBeUndefined();
    await client.connect(
      new StdioClientTransport({
        command: entry.command as string,
        args: entry.args ?? [],
        ...(options.env ? { env: options.env } : {}),
        stderr: 'pipe',
      }),
    );
  }
  return client;
}

const textOf = (result: object) =>
  ((result as { content?: Array<{ text?: string }> }).content ?? [])
    .map((part) => part.text ?? '')
    .join('\n');

/**
 * The server offers exactly the tools the page lists for it, and its analyze_page answers the
 * report as structured data beside a short summary, as the page says of both servers.
 */
export async function expectPageToolsAndAnalysis(
  client: Client,
  server: McpClientConfig['server'],
  pageUrl: string,
): Promise<void> {
  const { tools } = await client.listTools();
  const listed = server === 'remote' ? REMOTE_TOOLS : LOCAL_TOOLS;
  expect(tools.map((tool) => tool.name).sort()).toEqual(listed.map((tool) => tool.name).sort());
  const analysed = await client.callTool({ name: 'analyze_page', arguments: { url: pageUrl } });
  expect(analysed.isError, textOf(analysed)).toBeFalsy();
  expect(JSON.stringify(analysed.structuredContent)).toContain('"score"');
  expect(textOf(analysed)).toMatch(/score \d+\/100, \d+ critical/);
  expect(textOf(analysed)).toContain('Fix first:');
}
