import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXIT } from '@crawlwise/analyzer/cli-args';
import {
  type LocalServer,
  startHttpServer,
  startHttpsServer,
} from '@crawlwise/analyzer/test-support/local-server';
import { cleanNpmEnv } from '@crawlwise/analyzer/test-support/packed-install';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  CURL_EXAMPLES,
  OPENAPI_DOCUMENT,
  TYPESCRIPT_EXAMPLE,
  TYPESCRIPT_FILE,
  TYPESCRIPT_OUTPUT,
  TYPESCRIPT_RUN,
} from '../../../apps/web/app/features/developers/api-examples.ts';
import {
  CI_INSTALL_STEP,
  CI_WORKFLOW,
  CLI_EXIT_CODES,
  CLI_GATE_COMMAND,
  CLI_GATE_RULES,
  CLI_INSTALL,
  CLI_TARBALL,
} from '../../../apps/web/app/features/developers/cli-examples.ts';
import {
  LOCAL_TOOLS,
  MCP_CLIENT_CONFIGS,
  type McpClientConfig,
  REMOTE_TOOLS,
} from '../../../apps/web/app/features/developers/mcp-examples.ts';
import {
  fillPlaceholders,
  TOKEN_VARIABLE,
} from '../../../apps/web/app/features/developers/placeholders.ts';
import {
  type InstalledCli,
  installPackedCli,
  runJobSteps,
  runShell,
  type ScratchProject,
  scratchProject,
  typeErrors,
  type WorkflowStep,
} from './example-runner.ts';
import { type RunningServer, startServer } from './harness.ts';

/**
 * Every example of /developers, run as its reader would run it (issue 22, item 5), so the page
 * stays true: the curl commands with real curl and the TypeScript example with the typed client
 * against the built server on 127.0.0.1, with a write token made through the API; the CLI
 * commands and the GitHub Actions job with the CLI packed and installed from its tarball, against
 * pages on 127.0.0.1, checking the exit codes the page promises; and each MCP client
 * configuration parsed, its server started or called with the MCP SDK's client, its tools
 * compared with the page's. The only changes to an example's text are its stand-ins
 * (placeholders.ts), and the client's own token reference in an MCP configuration, which the
 * test resolves as the client would.
 */

const HEALTHY_PAGE = (origin: string) => `<!doctype html><html lang="en"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Handmade oak furniture from a small workshop</title>
<meta name="description" content="We build solid oak tables, chairs and shelves by hand in our workshop and deliver them across the country.">
<link rel="canonical" href="${origin}/">
<meta property="og:title" content="Handmade oak furniture"><meta property="og:type" content="website">
<meta property="og:description" content="Solid oak tables, chairs and shelves made by hand.">
<meta property="og:image" content="${origin}/table.jpg"><meta property="og:url" content="${origin}/">
<meta name="twitter:card" content="summary_large_image">
</head><body><header><nav><a href="/">Home</a></nav></header>
<main><h1>Oak furniture made to last</h1>
<p>${'Every piece is cut, joined and finished by hand from sustainably grown oak. '.repeat(30)}</p>
<img src="/table.jpg" alt="A round oak dining table"></main></body></html>`;

/** No title, description or alt text: critical findings and a low score. */
const WEAK_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"></head>
<body><img src="a.png"><p>Short.</p></body></html>`;

/** A report settles in a few seconds here (no render on the server); this bounds the wait. */
const SETTLE_TIMEOUT_MS = 30_000;

let server: RunningServer;
let secret = '';
let healthy: Awaited<ReturnType<typeof startHttpsServer>>;
let weak: LocalServer;
let certificateFile = '';
let cli: InstalledCli;
let workDir = '';

beforeAll(async () => {
  server = await startServer({
    ALLOW_PRIVATE_TARGETS: '1',
    RENDER: 'off',
    LOG_LEVEL: 'warn',
  });
  secret = await writeTokenThroughTheApi(server.baseUrl);
  healthy = await startHttpsServer((request, response) => {
    const origin = `https://${request.headers.host}`;
    if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html' });
    else response.writeHead(404, { 'content-type': 'text/plain' });
    response.end(request.url === '/' ? HEALTHY_PAGE(origin) : 'Not found');
  });
  weak = await startHttpServer((request, response) => {
    if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html' });
    else response.writeHead(404, { 'content-type': 'text/plain' });
    response.end(request.url === '/' ? WEAK_PAGE : 'Not found');
  });
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-devpage-'));
  // The HTTPS page's certificate is trusted the way a machine trusts a company CA.
  certificateFile = path.join(workDir, 'test-ca.pem');
  fs.writeFileSync(certificateFile, healthy.certificate.cert);
  cli = await installPackedCli();
}, 300_000);

afterAll(async () => {
  cli?.remove();
  await healthy?.close();
  await weak?.close();
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

/** The environment every example runs in: the installed CLI first on PATH, the token set. */
function exampleEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return cleanNpmEnv({
    PATH: `${cli.binDir}:${process.env.PATH ?? ''}`,
    NODE_EXTRA_CA_CERTS: certificateFile,
    [TOKEN_VARIABLE]: secret,
    ...extra,
  });
}

function shell(script: string, extra: Record<string, string> = {}) {
  return runShell(script, { cwd: workDir, env: exampleEnv(extra) });
}

const json = (text: string) => JSON.parse(text) as Record<string, unknown>;

describe('the CLI in CI', () => {
  it('installs from the tarball npm pack writes', () => {
    expect(cli.tarball).toBe(CLI_TARBALL);
    expect(CLI_INSTALL).toContain('npm pack -w @crawlwise/analyzer');
    expect(CLI_INSTALL).toContain(`npm install --global ./${cli.tarball}`);
    expect(CI_INSTALL_STEP).toBe(`npm install --global ./tools/${cli.tarball}`);
  });

  it('offers every rule and exit code the page names, as --help prints them', async () => {
    const help = await shell('crawlwise --help');
    expect(help.code).toBe(0);
    for (const { rule } of CLI_GATE_RULES) expect(help.stdout).toContain(rule);
    for (const option of ['--fail-on', '--baseline', '--format', '--output', '--no-render']) {
      expect(help.stdout).toContain(option);
    }
    const helpCodes = [...help.stdout.split('Exit codes:')[1]!.matchAll(/^\s+(\d)\s/gm)].map(
      (match) => Number(match[1]),
    );
    expect(CLI_EXIT_CODES.map(({ code }) => code)).toEqual(helpCodes);
    expect(CLI_EXIT_CODES.map(({ code }) => code)).toEqual(Object.values(EXIT).sort());
  });

  it('the gate command exits 0, 3 or 2 as the exit code table says', async () => {
    const gate = (page: string) => shell(fillPlaceholders(CLI_GATE_COMMAND, { page }));
    const passed = await gate(healthy.url);
    expect(passed.code, passed.stderr).toBe(EXIT.ok);
    expect(passed.stdout).toMatch(/Score: 100\/100/);
    const failed = await gate(weak.url);
    expect(failed.code, failed.stderr).toBe(EXIT.gateFailed);
    expect(failed.stderr).toMatch(/^Gate failed: score<90/m);
    expect(failed.stderr).toMatch(/^Gate failed: critical/m);
    const unreadable = await gate(`${weak.origin}/missing`);
    expect(unreadable.code, unreadable.stderr).toBe(EXIT.notAnalysable);
  });

  describe('the GitHub Actions job', () => {
    const workflow = parseYaml(CI_WORKFLOW) as {
      jobs: { seo: { env: Record<string, string>; steps: WorkflowStep[] } };
    };

    /** The job's steps in a fresh workspace with its env, the page swapped in. */
    async function runJob(page: string) {
      const workspace = fs.mkdtempSync(path.join(workDir, 'job-'));
      const summary = path.join(workspace, 'step-summary.md');
      fs.writeFileSync(summary, '');
      const env = Object.fromEntries(
        Object.entries(workflow.jobs.seo.env).map(([name, value]) => [
          name,
          fillPlaceholders(value, { page }),
        ]),
      );
      const outcomes = await runJobSteps(workflow.jobs.seo.steps, {
        cwd: workspace,
        env: exampleEnv({ ...env, GITHUB_STEP_SUMMARY: summary }),
        // The tarball that step installs is the one installed beforeAll.
        doneBeforehand: (run) => run === CI_INSTALL_STEP,
      });
      const codes = Object.fromEntries(
        outcomes.map(({ label, result }) => [label, result?.code ?? null]),
      );
      return { codes, summary: fs.readFileSync(summary, 'utf8') };
    }

    it('passes on a healthy page and writes the findings to the job summary', async () => {
      const job = await runJob(healthy.url);
      expect(job.codes).toEqual({
        'actions/checkout@v4': null,
        'actions/setup-node@v4': null,
        'Install the Crawlwise CLI (the tarball, committed under tools/)': null,
        'SEO gates': EXIT.ok,
        'Findings in the job summary': 0,
      });
      expect(job.summary).toContain('# Crawlwise SEO report');
      expect(job.summary).toContain(`**Page:** ${healthy.url}`);
    });

    it('fails with exit 3 on a failed gate, and still writes the summary', async () => {
      const job = await runJob(weak.url);
      expect(job.codes['SEO gates']).toBe(EXIT.gateFailed);
      expect(job.codes['Findings in the job summary']).toBe(0);
      expect(job.summary).toMatch(/## Issues \(\d+\)/);
    });

    it('fails with exit 2 when the page cannot be read, and the summary step does not fail', async () => {
      const job = await runJob(`${weak.origin}/missing`);
      expect(job.codes['SEO gates']).toBe(EXIT.notAnalysable);
      expect(job.codes['Findings in the job summary']).toBe(0);
      expect(job.summary).toBe('');
    });
  });
});

describe('the REST API with a token', () => {
  const example = (id: string) => {
    const found = CURL_EXAMPLES.find((each) => each.id === id);
    if (!found) throw new Error(`no curl example ${id}`);
    return found.command;
  };
  let accessToken = '';

  it('curl creates a report of the page, answering its accessToken', async () => {
    const created = await shell(
      fillPlaceholders(example('create-report'), { origin: server.baseUrl, page: weak.url }),
    );
    expect(created.code, created.stderr).toBe(0);
    const answer = json(created.stdout);
    expect(Object.keys(answer)).toEqual(['ok', 'accessToken']);
    expect(answer.ok).toBe(true);
    accessToken = answer.accessToken as string;
  });

  it('curl reads it until it settles: completed, every finding open to its owner', async () => {
    const read = fillPlaceholders(example('read-report'), {
      origin: server.baseUrl,
      reportToken: accessToken,
    });
    const seen = new Set<string>();
    let report: Record<string, unknown> = {};
    for (const deadline = Date.now() + SETTLE_TIMEOUT_MS; Date.now() < deadline; ) {
      const result = await shell(read);
      expect(result.code, result.stderr).toBe(0);
      report = json(result.stdout).report as Record<string, unknown>;
      seen.add(report.status as string);
      if (report.status === 'completed' || report.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect([...seen].every((status) => ['queued', 'analyzing', 'completed'].includes(status))).toBe(
      true,
    );
    expect(report).toMatchObject({ status: 'completed', url: weak.url, access: 'full' });
    expect(report.score).toEqual(expect.any(Number));
    const issues = report.issues as Array<{ locked?: boolean }>;
    expect(issues.length).toBeGreaterThan(3);
    expect(issues.filter((issue) => issue.locked)).toEqual([]);
  });

  it('curl lists the account’s reports, newest first, with their access tokens', async () => {
    const listed = await shell(
      fillPlaceholders(example('list-reports'), { origin: server.baseUrl }),
    );
    expect(listed.code, listed.stderr).toBe(0);
    const reports = json(listed.stdout).reports as Array<{ access_token: string }>;
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

  describe('the TypeScript example', () => {
    let project: ScratchProject;
    beforeAll(() => {
      project = scratchProject();
      project.write(
        TYPESCRIPT_FILE,
        fillPlaceholders(TYPESCRIPT_EXAMPLE, { origin: server.baseUrl, page: weak.url }),
      );
    });
    afterAll(() => project?.remove());

    it('type-checks against the typed client', async () => {
      expect(await typeErrors(project)).toBe('');
    });

    it('creates a report, waits for it and prints its score', async () => {
      const result = await runShell(TYPESCRIPT_RUN, { cwd: project.dir, env: exampleEnv() });
      expect(result.code, result.stderr).toBe(0);
      const listed = await fetch(`${server.baseUrl}/api/me/reports`, {
        headers: { authorization: `Bearer ${secret}` },
      });
      const [newest] = ((await listed.json()) as { reports: Array<{ score: number }> }).reports;
      const expected = fillPlaceholders(TYPESCRIPT_OUTPUT, { page: weak.url }).replace(
        /score \d+\/100/,
        `score ${newest?.score}/100`,
      );
      expect(result.stdout.trim()).toBe(expected);
    });
  });
});

describe('MCP client configurations', () => {
  /** The configuration as the client reads it: stand-ins filled, its token reference resolved. */
  function readConfig(config: McpClientConfig) {
    let text = fillPlaceholders(config.json, { origin: server.baseUrl });
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
    if (!entry) throw new Error(`${config.id}: no "crawlwise" server`);
    return { entry, inputs: parsed.inputs ?? [] };
  }

  interface ServerEntry {
    type?: string;
    url?: string;
    headers?: Record<string, string>;
    command?: string;
    args?: string[];
  }

  const textOf = (result: object) =>
    ((result as { content?: Array<{ text?: string }> }).content ?? [])
      .map((part) => part.text ?? '')
      .join('\n');

  it.each(MCP_CLIENT_CONFIGS.map((config) => [config.id, config] as const))(
    '%s starts or reaches the server it names, which offers the page’s tools',
    async (_id, config) => {
      const { entry, inputs } = readConfig(config);
      // VS Code asks for an ${input:…} it declares; the others read the environment.
      const input = /\$\{input:([\w-]+)\}/.exec(config.tokenReference ?? '')?.[1];
      if (input)
        expect(inputs).toContainEqual(expect.objectContaining({ id: input, password: true }));
      const client = new Client({ name: 'developers-page-test', version: '1.0.0' });
      if (config.server === 'remote') {
        expect(entry.url).toBe(`${server.baseUrl}/mcp`);
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
            env: exampleEnv() as Record<string, string>,
            stderr: 'pipe',
          }),
        );
      }
      try {
        const { tools } = await client.listTools();
        const expected = config.server === 'remote' ? REMOTE_TOOLS : LOCAL_TOOLS;
        expect(tools.map((tool) => tool.name).sort()).toEqual(
          expected.map((tool) => tool.name).sort(),
        );
        // Both servers answer with the report as structured data beside a short text summary.
        const analysed = await client.callTool({
          name: 'analyze_page',
          arguments: { url: weak.url },
        });
        expect(analysed.isError, textOf(analysed)).toBeFalsy();
        expect(JSON.stringify(analysed.structuredContent)).toContain('"score"');
        expect(textOf(analysed)).toMatch(/score \d+\/100, \d+ critical/);
        expect(textOf(analysed)).toContain('Fix first:');
      } finally {
        await client.close();
      }
    },
  );
});
