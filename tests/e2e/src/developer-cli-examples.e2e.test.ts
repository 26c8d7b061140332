import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXIT } from '@crawlwise/analyzer/cli-args';
import { cleanNpmEnv } from '@crawlwise/analyzer/test-support/packed-install';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  CI_INSTALL_STEP,
  CI_WORKFLOW,
  CLI_EXIT_CODES,
  CLI_GATE_COMMAND,
  CLI_GATE_RULES,
  CLI_INSTALL,
  CLI_TARBALL,
} from '../../../apps/web/app/features/developers/cli-examples.ts';
import { MCP_CLIENT_CONFIGS } from '../../../apps/web/app/features/developers/mcp-examples.ts';
import { fillPlaceholders } from '../../../apps/web/app/features/developers/placeholders.ts';
import {
  type InstalledCli,
  installPackedCli,
  runJobSteps,
  runShell,
  type WorkflowStep,
} from './example-runner.ts';
import { type ExamplePages, startExamplePages } from './fixtures/example-pages.ts';
import { connectAsConfigured, expectPageToolsAndAnalysis } from './mcp-config-client.ts';

/**
 * The CLI examples of /developers, run as their reader would (issue 22, item 5): the CLI packed
 * and installed from its tarball, the gate command and the GitHub Actions job run in bash
 * against pages on 127.0.0.1, with the exit codes the page promises; and the configurations of
 * the local MCP server (`crawlwise mcp`) started as each client would start them. The only
 * change to an example's text is its stand-in page address (placeholders.ts).
 */

let cli: InstalledCli;
let pages: ExamplePages;
let workDir = '';

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-devpage-cli-'));
  pages = await startExamplePages(workDir);
  cli = await installPackedCli();
}, 300_000);

afterAll(async () => {
  cli?.remove();
  await pages?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/** The installed CLI first on PATH; the test pages' certificate trusted. */
function cliEnv(extra: Record<string, string> = {}): Record<string, string> {
  return cleanNpmEnv({
    PATH: `${cli.binDir}:${process.env.PATH ?? ''}`,
    NODE_EXTRA_CA_CERTS: pages.certificateFile,
    ...extra,
  }) as Record<string, string>;
}

const shell = (script: string) => runShell(script, { cwd: workDir, env: cliEnv() });

describe('the CLI in CI', () => {
  it('installs from the tarball npm pack writes', () => {
    expect(cli.tarball).toBe(CLI_TARBALL);
    expect(CLI_INSTALL).toContain('npm pack -w @crawlwise/analyzer');
    expect(CLI_INSTALL).toContain(`npm install --global ./${cli.tarball}`);
    expect(CI_INSTALL_STEP).toBe(`npm install --global ./tools/${cli.tarball}`);
  });

  it('has every rule, option and exit code the page names, as --help prints them', async () => {
    const help = await shell('crawlwise --help');
    expect(help.code).toBe(0);
    for (const { rule } of CLI_GATE_RULES) expect(help.stdout).toContain(rule);
    for (const option of ['--fail-on', '--baseline', '--format', '--output', '--no-render']) {
      expect(help.stdout).toContain(option);
    }
    const [, exitCodes = ''] = help.stdout.split('Exit codes:');
    const helpCodes = [...exitCodes.matchAll(/^\s+(\d)\s/gm)].map((match) => Number(match[1]));
    const pageCodes = CLI_EXIT_CODES.map(({ code }) => code);
    expect(pageCodes).toEqual(helpCodes);
    expect(pageCodes).toEqual(Object.values(EXIT).sort());
  });

  it('the gate command exits 0, 3 or 2 as the exit code table says', async () => {
    const gate = (page: string) => shell(fillPlaceholders(CLI_GATE_COMMAND, { page }));
    const passed = await gate(pages.healthy.url);
    expect(passed.code, passed.stderr).toBe(EXIT.ok);
    expect(passed.stdout).toMatch(/Score: 100\/100/);
    const failed = await gate(pages.weak.url);
    expect(failed.code, failed.stderr).toBe(EXIT.gateFailed);
    expect(failed.stderr).toMatch(/^Gate failed: score<90/m);
    expect(failed.stderr).toMatch(/^Gate failed: critical/m);
    const unreadable = await gate(pages.missing);
    expect(unreadable.code, unreadable.stderr).toBe(EXIT.notAnalysable);
  });
});

describe('the GitHub Actions job', () => {
  const workflow = parseYaml(CI_WORKFLOW) as {
    on: string[];
    jobs: { seo: { 'runs-on': string; env: Record<string, string>; steps: WorkflowStep[] } };
  };
  const GATES = 'SEO gates';
  const SUMMARY = 'Findings in the job summary';

  /** The job's steps in a fresh workspace with the job's env, the page swapped in. */
  async function runJob(page: string) {
    const workspace = fs.mkdtempSync(path.join(workDir, 'job-'));
    const summary = path.join(workspace, 'step-summary.md');
    fs.writeFileSync(summary, '');
    const jobEnv = Object.fromEntries(
      Object.entries(workflow.jobs.seo.env).map(([name, value]) => [
        name,
        fillPlaceholders(value, { page }),
      ]),
    );
    const outcomes = await runJobSteps(workflow.jobs.seo.steps, {
      cwd: workspace,
      env: cliEnv({ ...jobEnv, GITHUB_STEP_SUMMARY: summary }),
      // That step installs the tarball the test installed beforeAll.
      doneBeforehand: (run) => run === CI_INSTALL_STEP,
    });
    const codes = Object.fromEntries(
      outcomes.map(({ label, result }) => [label, result?.code ?? null]),
    );
    return { codes, summary: fs.readFileSync(summary, 'utf8') };
  }

  it('is a pull-request job whose steps are the page’s', async () => {
    expect(workflow.on).toEqual(['pull_request']);
    expect(workflow.jobs.seo['runs-on']).toBe('ubuntu-latest');
    expect(workflow.jobs.seo.steps.map((step) => step.run ?? step.uses)).toContain(CI_INSTALL_STEP);
  });

  it('passes on a healthy page and writes the findings to the job summary', async () => {
    const job = await runJob(pages.healthy.url);
    expect(job.codes).toEqual({
      'actions/checkout@v4': null,
      'actions/setup-node@v4': null,
      'Install the Crawlwise CLI (the tarball, committed under tools/)': null,
      [GATES]: EXIT.ok,
      [SUMMARY]: 0,
    });
    expect(job.summary).toContain('# Crawlwise SEO report');
    expect(job.summary).toContain(`**Page:** ${pages.healthy.url}`);
  });

  it('fails with exit 3 on a failed gate, and still writes the summary', async () => {
    const job = await runJob(pages.weak.url);
    expect(job.codes[GATES]).toBe(EXIT.gateFailed);
    expect(job.codes[SUMMARY]).toBe(0);
    expect(job.summary).toMatch(/## Issues \(\d+\)/);
  });

  it('fails with exit 2 when the page cannot be read; the summary step does not fail', async () => {
    const job = await runJob(pages.missing);
    expect(job.codes[GATES]).toBe(EXIT.notAnalysable);
    expect(job.codes[SUMMARY]).toBe(0);
    expect(job.summary).toBe('');
  });
});

describe('the local MCP server configurations', () => {
  const local = MCP_CLIENT_CONFIGS.filter((config) => config.server === 'local');

  it.each(local.map((config) => [config.id, config] as const))(
    '%s starts `crawlwise mcp`, which offers the page’s tools',
    async (_id, config) => {
      const client = await connectAsConfigured(config, { env: cliEnv() });
      try {
        await expectPageToolsAndAnalysis(client, 'local', pages.weak.url);
      } finally {
        await client.close();
      }
    },
  );
});
