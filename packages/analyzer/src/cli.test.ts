import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CHECKS } from './checks/index.ts';
import { type LocalServer, startHttpServer } from './test-support/local-server.ts';

const run = promisify(execFile);
const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bin/crawlwise.js');

/** Runs the real CLI binary; resolves with the exit code instead of throwing on non-zero. */
async function crawlwise(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const PAGE = `<!doctype html><html lang="en"><head><title>A page title of a good length</title>
<meta name="viewport" content="width=device-width"></head><body><h1>Hello</h1><p>Some text</p></body></html>`;

let site: LocalServer;

beforeAll(async () => {
  site = await startHttpServer((request, response) => {
    if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    else response.writeHead(404, { 'content-type': 'text/html' }).end('gone');
  });
});

afterAll(() => site.close());

describe('crawlwise CLI', () => {
  it('--json prints exactly one JSON report on stdout and exits 0', async () => {
    const result = await crawlwise(site.url, '--json', '--no-render', '--allow-private');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
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
    expect(result.stderr).toContain('Usage: crawlwise');
  });
});
