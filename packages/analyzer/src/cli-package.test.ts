import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CHECKS } from './checks/index.ts';
import { findBrowser } from './gather/browser-path.ts';
import { type LocalServer, startHttpServer } from './test-support/local-server.ts';
import { cleanNpmEnv, lockForTarball, packAnalyzer } from './test-support/packed-install.ts';
import { sarifSchemaErrors } from './test-support/sarif-schema.ts';

/**
 * The published shape of the CLI: `npm pack` of this workspace, installed in an empty directory
 * outside the repository with `npm ci --offline` (only the local npm cache, only the declared
 * dependencies), then run as `npx crawlwise`.
 */
const run = promisify(execFile);
const WORKSPACE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const INSTALL_TIMEOUT_MS = 240_000;
const BROWSER = await findBrowser();

const PAGE = `<!doctype html><html lang="en"><head><title>A page title of a good length</title>
<meta name="viewport" content="width=device-width"></head><body><h1>Hello</h1><p>Some text</p></body></html>`;

let dir: string;
let project: string;
let tarball: string;
let site: LocalServer;

async function npx(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      'npx',
      ['--offline', '--no-install', 'crawlwise', ...args],
      {
        cwd: project,
        env: cleanNpmEnv(),
        timeout: 90_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * A chunk of cli-dist and every chunk it imports statically, transitively, as one text, followed
 * by the paths of the files bundled into them (their source maps' `sources`): the bundle is
 * minified, so esbuild's comments naming each bundled file are gone.
 */
async function withStaticImports(cliDist: string, entry: string): Promise<string> {
  const seen = new Set<string>();
  const queue = [entry];
  const texts: string[] = [];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = await readFile(path.join(cliDist, file), 'utf8');
    texts.push(text);
    const map = JSON.parse(await readFile(path.join(cliDist, `${file}.map`), 'utf8')) as {
      sources: string[];
    };
    texts.push(...map.sources);
    // `import{a}from"./chunk.js";` or `import"./chunk.js";`, never `import("./chunk.js")`.
    for (const match of text.matchAll(
      /(?:^|[;\n])\s*import\s*(?:[^;()"']*?from\s*)?"\.\/([^"]+)"/gm,
    )) {
      queue.push(match[1] as string);
    }
  }
  return texts.join('\n');
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'crawlwise-packed-'));
  tarball = await packAnalyzer(WORKSPACE, dir);
  project = path.join(dir, 'project');
  await run('mkdir', [project]);
  lockForTarball(WORKSPACE, tarball, project);
  await run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], {
    cwd: project,
    env: cleanNpmEnv(),
    timeout: INSTALL_TIMEOUT_MS,
  });
  site = await startHttpServer((request, response) => {
    if (request.url === '/' || request.url === '/second') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    } else if (request.url === '/crawl/') {
      // The crawl's start page: two pages to follow, one of them missing.
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          PAGE.replace('</body>', '<a href="/second">Second</a><a href="/gone">Gone</a></body>'),
        );
    } else response.writeHead(404, { 'content-type': 'text/html' }).end('gone');
  });
}, INSTALL_TIMEOUT_MS + 60_000);

afterAll(async () => {
  await site?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

// Each run goes through npx on a shared 2-core machine: a few seconds, more under load.
describe('the packed crawlwise CLI', { timeout: 90_000 }, () => {
  it('ships compiled JavaScript only, with the workspace package bundled in', async () => {
    const { stdout } = await run('tar', ['tzf', tarball]);
    const files = stdout.trim().split('\n').sort();
    expect(files).toContain('package/cli-dist/crawlwise.js');
    expect(files.filter((file) => /\.ts$|\/src\//.test(file))).toEqual([]);
    const installed = path.join(project, 'node_modules/@crawlwise/analyzer');
    const manifest = JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8'));
    expect(manifest.bin).toEqual({ crawlwise: './cli-dist/crawlwise.js' });
    expect(Object.keys(manifest.dependencies)).not.toContain('@crawlwise/shared');
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx');
    const bin = await readFile(path.join(installed, 'cli-dist/crawlwise.js'), 'utf8');
    expect(bin.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(bin).not.toContain('@crawlwise/shared');
    // What an invalid URL loads: the entry and its static imports, none of the heavy modules.
    // The engine's dependencies are bundled in (scripts/build-cli.mjs), so look for their code
    // (esbuild names each bundled file in a comment) as well as for an import of them.
    const cliDist = path.join(installed, 'cli-dist');
    const startup = await withStaticImports(cliDist, 'crawlwise.js');
    for (const heavy of ['playwright-core', 'htmlparser2', 'undici']) {
      expect(startup).not.toContain(`"${heavy}"`);
      expect(startup).not.toContain(`node_modules/${heavy}/`);
    }
    const lazy = /await import\("\.\/(cli-run-[\w-]+\.js)"\)/.exec(bin)?.[1];
    expect(lazy).toBeDefined();
    // The lazy part (with the chunks it shares with the batch command) holds the engine, its
    // parser and HTTP client bundled; playwright-core is imported only once a page is rendered.
    const lazyPart = await withStaticImports(cliDist, lazy as string);
    expect(lazyPart).toContain('node_modules/htmlparser2/');
    expect(lazyPart).toContain('node_modules/undici/');
    expect(lazyPart).not.toContain('"playwright-core"');
    const renderChunks: string[] = [];
    for (const file of await readdir(cliDist)) {
      if (!file.endsWith('.js')) continue;
      const text = await readFile(path.join(cliDist, file), 'utf8');
      // gather/playwright.ts requires it (createRequire) rather than importing it.
      if (text.includes('(import.meta.url)("playwright-core")')) renderChunks.push(file);
    }
    expect(renderChunks.length).toBeGreaterThan(0);
  });

  it('answers an invalid URL with invalid_url JSON and exit 2', async () => {
    const result = await npx('http://', '--json');
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual({
      error: 'invalid_url',
      message: expect.any(String),
    });
  });

  it('documents the exit codes in --help', async () => {
    const result = await npx('--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Exit codes:\n\s+0 .*\n\s+1 .*\n\s+2 .*\n(?:.*\n)?\s+3 /);
  });

  it('analyses a page and writes schema-valid SARIF', async () => {
    const result = await npx(site.url, '--allow-private', '--no-render', '--format', 'sarif');
    expect(result.code).toBe(0);
    const sarif = JSON.parse(result.stdout);
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].properties.score).toEqual(expect.any(Number));
    expect(sarif.runs[0].tool.driver.rules).toHaveLength(ALL_CHECKS.length);
  });

  it.skipIf(!BROWSER)('renders with playwright-core from its own dependencies', async () => {
    const result = await npx(site.url, '--allow-private', '--json');
    expect(result.code).toBe(0);
    const jsRendering = JSON.parse(result.stdout).issues.find(
      (issue: { id: string }) => issue.id === 'js-rendering',
    );
    expect(jsRendering.details.skipped).toBeUndefined();
    expect(jsRendering.message).not.toContain('skipped');
  });

  it("analyses several pages in its analysis threads (the threads' entry is packed)", async () => {
    // Two pages: the batch path, which starts the analysis threads.
    const result = await npx(
      site.url,
      `${site.url}second`,
      '--allow-private',
      '--no-render',
      '--json',
    );
    expect(result.code, result.stderr).toBe(0);
    const pages = JSON.parse(result.stdout).pages as Array<{ status: string; score: number }>;
    expect(pages.map((page) => page.status)).toEqual(['ok', 'ok']);
    expect(pages.every((page) => typeof page.score === 'number')).toBe(true);
    expect(result.stdout).not.toContain('internal_error');
  });

  it('crawls a site by its links with the crawl command and its gates', async () => {
    const result = await npx(
      'crawl',
      `${site.url}crawl/`,
      '--allow-private',
      '--no-render',
      '--per-host-delay=0',
      '--json',
      '--fail-on',
      'broken-links',
    );
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toMatch(/^Gate failed: broken-links /m);
    const doc = JSON.parse(result.stdout) as {
      pages: Array<{ url: string; status: string }>;
      findings: Array<{ id: string }>;
    };
    expect(doc.pages.map((page) => [new URL(page.url).pathname, page.status])).toEqual([
      ['/crawl/', 'completed'],
      ['/gone', 'failed'],
      ['/second', 'completed'],
    ]);
    expect(doc.findings.map((finding) => finding.id)).toContain('broken-internal-links');
    expect(result.stdout).not.toContain('internal_error');
  });

  it('exits 3 on a failed gate and 2 on a page that cannot be analysed', async () => {
    const gate = await npx(site.url, '--allow-private', '--no-render', '--fail-on', 'score<100');
    expect(gate.code).toBe(3);
    expect(gate.stderr).toMatch(/^Gate failed: score<100/m);
    const missing = await npx(`${site.url}missing`, '--allow-private', '--no-render', '--json');
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout).error).toBe('http_error_404');
  });
});
