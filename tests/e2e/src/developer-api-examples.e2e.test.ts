import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanNpmEnv } from '@crawlwise/analyzer/test-support/packed-install';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CURL_EXAMPLES,
  OPENAPI_DOCUMENT,
  type ShellExample,
  TYPESCRIPT_EXAMPLE,
  TYPESCRIPT_FILE,
  TYPESCRIPT_OUTPUT,
  TYPESCRIPT_RUN,
} from '../../../apps/web/app/features/developers/api-examples.ts';
import { MCP_CLIENT_CONFIGS } from '../../../apps/web/app/features/developers/mcp-examples.ts';
import {
  fillPlaceholders,
  TOKEN_VARIABLE,
} from '../../../apps/web/app/features/developers/placeholders.ts';
import { runShell, type ScratchProject, scratchProject, typeErrors } from './example-runner.ts';
import { type ExamplePages, startExamplePages } from './fixtures/example-pages.ts';
import { type RunningServer, startServer } from './harness.ts';
import { connectAsConfigured, expectPageToolsAndAnalysis } from './mcp-config-client.ts';

/**
 * The REST API and remote MCP examples of /developers, run as their reader would (issue 22,
 * item 5): against the built server on 127.0.0.1 with a read-and-write token made through the
 * API, the curl commands with real curl, the TypeScript example type-checked and run with the
 * typed client, and each configuration of `/mcp` read as its client reads it and called with
 * the MCP SDK's client. The only changes to an example's text are its stand-ins
 * (placeholders.ts); the token is in CRAWLWISE_TOKEN, where the page says to keep it.
 */

/** A report settles in a few seconds here (no render on the server); this bounds the wait. */
const SETTLE_TIMEOUT_MS = 30_000;

let server: RunningServer;
let secret = '';
let pages: ExamplePages;
let workDir = '';

beforeAll(async () => {
  server = await startServer({ ALLOW_PRIVATE_TARGETS: '1', RENDER: 'off', LOG_LEVEL: 'warn' });
  secret = await writeTokenThroughTheApi(server.baseUrl);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-devpage-api-'));
  pages = await startExamplePages(workDir);
});

afterAll(async () => {
  await pages?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  expect(await server?.stop()).toBe(0);
});

/** Signs up through the API and creates a read-and-write token, as the profile card does. */
async function writeTokenThroughTheApi(baseUrl: string): Promise<string> {
  const sameOrigin = { origin: baseUrl, 'content-type': 'application/json' };
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: sameOrigin,
    body: JSON.stringify({
      name: 'Page Reader',
      email: `developer-${Date.now()}@example.com`,
      password: 'developer-password',
    }),
  });
  expect(signUp.status).toBe(200);
  const cookie = signUp.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const created = await fetch(`${baseUrl}/api/me/tokens`, {
    method: 'POST',
    headers: { ...sameOrigin, cookie },
    body: JSON.stringify({ name: 'developers page', scope: 'write' }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { secret: string }).secret;
}

const exampleEnv = () => cleanNpmEnv({ [TOKEN_VARIABLE]: secret });

const json = (text: string) => JSON.parse(text) as Record<string, unknown>;

function curlExample(id: ShellExample['id']): string {
  const found = CURL_EXAMPLES.find((example) => example.id === id);
  if (!found) throw new Error(`no curl example ${id}`);
  return found.command;
}

/** Runs a curl example with its stand-ins filled; its stdout parsed as JSON. */
async function curl(id: ShellExample['id'], values: { page?: string; reportToken?: string } = {}) {
  const command = fillPlaceholders(curlExample(id), { origin: server.baseUrl, ...values });
  const result = await runShell(command, { cwd: workDir, env: exampleEnv() });
  expect(result.code, result.stderr).toBe(0);
  return json(result.stdout);
}

describe('the REST API with curl', () => {
  let accessToken = '';

  it('creates a report of the page, answering its accessToken', async () => {
    const answer = await curl('create-report', { page: pages.weak.url });
    expect(Object.keys(answer)).toEqual(['ok', 'accessToken']);
    expect(answer.ok).toBe(true);
    accessToken = answer.accessToken as string;
  });

  it('reads it until it settles: completed, with every finding open to its owner', async () => {
    const seen = new Set<string>();
    let report: Record<string, unknown> = {};
    for (const deadline = Date.now() + SETTLE_TIMEOUT_MS; Date.now() < deadline; ) {
      report = (await curl('read-report', { reportToken: accessToken })).report as Record<
        string,
        unknown
      >;
      seen.add(report.status as string);
      if (report.status === 'completed' || report.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    for (const status of seen) expect(['queued', 'analyzing', 'completed']).toContain(status);
    expect(report).toMatchObject({ status: 'completed', url: pages.weak.url, access: 'full' });
    expect(report.score).toEqual(expect.any(Number));
    const issues = report.issues as Array<{ locked?: boolean }>;
    expect(issues.length).toBeGreaterThan(3);
    expect(issues.filter((issue) => issue.locked)).toEqual([]);
  });

  it('lists the account’s reports, newest first, with their access tokens', async () => {
    const { reports } = (await curl('list-reports')) as {
      reports: Array<{ access_token: string }>;
    };
    expect(reports[0]?.access_token).toBe(accessToken);
  });

  it('serves the OpenAPI document the page points to', async () => {
    const response = await fetch(fillPlaceholders(OPENAPI_DOCUMENT, { origin: server.baseUrl }));
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: object };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/reports', '/api/reports/{token}', '/api/me/reports']),
    );
  });
});

describe('the REST API with the typed client', () => {
  let project: ScratchProject;

  beforeAll(() => {
    project = scratchProject();
    const source = fillPlaceholders(TYPESCRIPT_EXAMPLE, {
      origin: server.baseUrl,
      page: pages.weak.url,
    });
    project.write(TYPESCRIPT_FILE, source);
  });

  afterAll(() => project?.remove());

  it('type-checks against the client’s types', async () => {
    expect(await typeErrors(project)).toBe('');
  });

  it('creates a report, waits for it and prints its score', async () => {
    const result = await runShell(TYPESCRIPT_RUN, { cwd: project.dir, env: exampleEnv() });
    expect(result.code, result.stderr).toBe(0);
    const listed = await fetch(`${server.baseUrl}/api/me/reports`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    const [newest] = ((await listed.json()) as { reports: Array<{ score: number }> }).reports;
    const expected = fillPlaceholders(TYPESCRIPT_OUTPUT, { page: pages.weak.url }).replace(
      /score \d+\/100/,
      `score ${newest?.score}/100`,
    );
    expect(result.stdout.trim()).toBe(expected);
  });
});

describe('the remote MCP server configurations', () => {
  const remote = MCP_CLIENT_CONFIGS.filter((config) => config.server === 'remote');

  it.each(remote.map((config) => [config.id, config] as const))(
    '%s reaches /mcp with the token, which offers the page’s tools',
    async (_id, config) => {
      const client = await connectAsConfigured(config, { origin: server.baseUrl, secret });
      try {
        await expectPageToolsAndAnalysis(client, 'remote', pages.weak.url);
      } finally {
        await client.close();
      }
    },
  );
});
