import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { analysisReportSchema } from '@crawlwise/shared/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CHECKS } from './checks/index.ts';
import { type LocalServer, startHttpServer } from './test-support/local-server.ts';
import { sarifSchemaErrors } from './test-support/sarif-schema.ts';

const run = promisify(execFile);
const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'cli.ts');

/**
 * Runs the CLI from its TypeScript source as `npm run analyze` does (the compiled bin is tested
 * by tests/cli-package); resolves with the exit code instead of throwing on non-zero.
 */
async function crawlwise(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const PAGE = `<!doctype html><html lang="en"><head><title>A page title of a good length</title>
<meta name="viewport" content="width=device-width"></head><body><h1>Hello</h1><p>Some text</p></body></html>`;

let site: LocalServer;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'crawlwise-cli-'));
  site = await startHttpServer((request, response) => {
    if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    else response.writeHead(404, { 'content-type': 'text/html' }).end('gone');
  });
});

afterAll(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

describe('crawlwise CLI', () => {
  it('--json prints exactly one JSON report on stdout and exits 0', async () => {
    const result = await crawlwise(site.url, '--json', '--no-render', '--allow-private');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    // The document is the shared report contract, exactly.
    expect(analysisReportSchema.parse(report)).toEqual(report);
    expect(report).toMatchObject({ url: site.url, finalUrl: site.url, score: expect.any(Number) });
    expect(report.issues).toHaveLength(ALL_CHECKS.length);
    expect(report.meta_json.title).toMatchObject({ value: 'A page title of a good length' });
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('prints a readable summary by default', async () => {
    const result = await crawlwise(site.url, '--no-render', '--allow-private');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Score: \d+\/100/);
    expect(result.stdout).toContain('[meta-description]');
  });

  it('exits 2 with {error, message} on stdout when the page cannot be analysed', async () => {
    const missing = await crawlwise(
      `${site.url}missing`,
      '--json',
      '--no-render',
      '--allow-private',
    );
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout)).toEqual({
      error: 'http_error_404',
      message: expect.stringContaining('404'),
    });
    // Without --allow-private, loopback is refused before any connection.
    const before = site.connections();
    const refused = await crawlwise(site.url, '--json', '--no-render');
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout).error).toBe('private_ip');
    expect(site.connections()).toBe(before);
  });

  it('exits 2 with usage on bad arguments', async () => {
    const result = await crawlwise('--bogus');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Unknown option: --bogus');
    expect(result.stderr).toContain('Usage: crawlwise');
  });

  it('--format sarif --output writes a schema-valid SARIF file and keeps stdout empty', async () => {
    const file = path.join(dir, 'nested/report.sarif');
    const result = await crawlwise(
      site.url,
      '--no-render',
      '--allow-private',
      '--format',
      'sarif',
      '--output',
      file,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/Report written to .*report\.sarif \(score \d+\/100\)/);
    const sarif = JSON.parse(await readFile(file, 'utf8'));
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toContain(
      'meta-description',
    );
  });

  it('exits 3 when a --fail-on gate fails and 0 when every gate passes', async () => {
    const failed = await crawlwise(
      site.url,
      '--no-render',
      '--allow-private',
      '--json',
      '--fail-on',
      'check:meta-description,score<1',
    );
    expect(failed.code).toBe(3);
    expect(failed.stderr).toMatch(/^Gate failed: check:meta-description \(/m);
    expect(failed.stderr).not.toContain('score<1');
    expect(JSON.parse(failed.stdout).score).toEqual(expect.any(Number));

    const passed = await crawlwise(
      site.url,
      '--no-render',
      '--allow-private',
      '--fail-on=check:title',
      '--format',
      'markdown',
    );
    expect(passed.code).toBe(0);
    expect(passed.stdout).toMatch(/^# Crawlwise SEO report/);

    const typo = await crawlwise(
      site.url,
      '--no-render',
      '--allow-private',
      '--fail-on',
      'check:canonicl',
    );
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Unknown check in --fail-on: check:canonicl');
  });

  it('--baseline prints what changed, and --fail-on regression exits 3 when it got worse', async () => {
    const first = await crawlwise(site.url, '--no-render', '--allow-private', '--json');
    const report = JSON.parse(first.stdout);
    // A better past: meta-description passed and the score was higher.
    const baseline = {
      ...report,
      score: report.score + 5,
      issues: report.issues.map((issue: { id: string }) =>
        issue.id === 'meta-description' ? { ...issue, severity: 'success', points: 0 } : issue,
      ),
    };
    const file = path.join(dir, 'baseline.json');
    await writeFile(file, JSON.stringify(baseline));
    const result = await crawlwise(
      site.url,
      '--no-render',
      '--allow-private',
      '--baseline',
      file,
      '--fail-on',
      'regression',
    );
    expect(result.code).toBe(3);
    expect(result.stdout).toContain(
      `Compared with the baseline: score ${report.score + 5} → ${report.score} (-5)`,
    );
    expect(result.stdout).toMatch(/New \(1\):\n.*\[meta-description\]/);
    expect(result.stderr).toMatch(/^Gate failed: regression \(score -5, 1 new/m);

    const missing = await crawlwise(
      site.url,
      '--no-render',
      '--allow-private',
      '--baseline',
      path.join(dir, 'missing.json'),
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Cannot use the baseline');
  });
});

describe('crawlwise CLI, several pages in one run', () => {
  it('analyses every address given, in one JSON document, and exits 2 when one fails', async () => {
    const result = await crawlwise(
      site.url,
      `${site.url}missing`,
      '--json',
      '--no-render',
      '--allow-private',
      '--per-host-delay',
      '0',
    );
    expect(result.code).toBe(2);
    const batch = JSON.parse(result.stdout) as {
      pages: Array<{ url: string; status: string; score?: number }>;
    };
    expect(batch.pages.map((page) => [page.url, page.status])).toEqual([
      [site.url, 'ok'],
      [`${site.url}missing`, 'failed'],
    ]);
    expect(batch.pages[0]?.score).toEqual(expect.any(Number));
  });

  it('reads --urls FILE and prints the summary table', async () => {
    const list = path.join(dir, 'urls.txt');
    await writeFile(list, `# pages\n${site.url}\n`);
    const result = await crawlwise('--urls', list, '--no-render', '--allow-private');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(site.url);
  });

  it('refuses what a batch cannot do, and no address at all, with exit 2 and the usage', async () => {
    const sarif = await crawlwise(site.url, site.url, '--format', 'sarif');
    expect(sarif.code).toBe(2);
    expect(sarif.stderr).toContain('writes the summary or --json, not sarif');
    const none = await crawlwise('--no-render');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('No URL given.');
    expect(none.stderr).toContain('--sitemap URL');
  });
});
