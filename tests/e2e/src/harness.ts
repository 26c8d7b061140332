import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { findBrowser } from '@crawlwise/analyzer/gather/browser-path';
import { hashMigrations } from '@crawlwise/server/test-support/migrations-digest';
import type { ReceivedMail } from '@crawlwise/server/test-support/test-app';
import { type Browser, chromium, type Page } from 'playwright-core';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Debian's Chromium drives the end-to-end tests (the headless shell is for the analyzer); on a
 * machine without it, whatever browser the analyzer would use.
 */
async function e2eBrowserPath(): Promise<string> {
  if (process.env.E2E_CHROMIUM_PATH) return process.env.E2E_CHROMIUM_PATH;
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const found = await findBrowser(process.env, path.join(os.tmpdir(), 'crawlwise-e2e-browser'));
  if (!found) throw new Error('No browser for the end-to-end tests: apt-get install -y chromium');
  return found.path;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: await e2eBrowserPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Waits until the page's scripts have taken over (the app or every island hydrated: the
 * `data-hydrated` mark of apps/web/app/islands/hydrated-mark.ts). Before that a click submits a
 * form natively and a typed value can be reset; network quiet is only a guess a loaded CI
 * machine outran.
 */
export async function waitForHydration(page: Page, timeout = 30_000): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout });
}

/** Opens `url` and waits for the page to hydrate. */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

export interface RunningServer {
  baseUrl: string;
  output: () => string;
  stop(): Promise<number | null>;
}

/** `npm start`'s command: the production build (`npm run build`), run by plain node. */
const SERVER_ENTRY = 'apps/server/dist/main.js';
const SERVER_ARGS = ['--conditions=crawlwise-dist', '--enable-source-maps', SERVER_ENTRY];

/**
 * A data directory whose embedded database is created and migrated, made once by the built
 * server's own openDatabase and copied into each server's new directory: creating the cluster and
 * migrating it takes seconds of every start-up otherwise, some twenty-five times a run. Kept in
 * the temporary directory under the migrations' hash (a changed migration makes a new one); made
 * aside and renamed into place, so files starting servers at once never see half of one.
 */
async function migratedDataDir(): Promise<string> {
  const hash = hashMigrations(createHash('sha256'));
  hash.update(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json')));
  const dir = path.join(os.tmpdir(), `crawlwise-e2e-data-${hash.digest('hex').slice(0, 16)}`);
  if (fs.existsSync(dir)) return dir;
  const partial = fs.mkdtempSync(`${dir}.partial-`);
  const database = pathToFileURL(path.join(REPO_ROOT, 'apps/server/dist/db/database.js')).href;
  const script = `const { openDatabase } = await import(${JSON.stringify(database)});
    await (await openDatabase({ dataDir: ${JSON.stringify(partial)} })).close();`;
  await promisify(execFile)(
    process.execPath,
    ['--conditions=crawlwise-dist', '--input-type=module', '-e', script],
    { cwd: REPO_ROOT, timeout: 120_000 },
  );
  try {
    fs.renameSync(partial, dir);
  } catch (error) {
    // Another file made it first: use that one.
    fs.rmSync(partial, { recursive: true, force: true });
    if (!fs.existsSync(dir)) throw error;
  }
  return dir;
}

/**
 * Starts the real server (`npm start`'s entry point) on a temporary data directory. `env` may be
 * a function of the server's base address (e.g. to make it its own `PUBLIC_URL`).
 */
export async function startServer(
  env: Record<string, string> | ((baseUrl: string) => Record<string, string>) = {},
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(REPO_ROOT, SERVER_ENTRY))) {
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-e2e-'));
  fs.cpSync(path.join(await migratedDataDir(), 'pglite'), path.join(dataDir, 'pglite'), {
    recursive: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const extraEnv = typeof env === 'function' ? env(baseUrl) : env;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, SERVER_ARGS, {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // Generous: a start-up beside another file's servers and browsers on two busy cores has
  // taken over 60 s (migrations on the embedded database, then the prerendered pages read).
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running behind the failed test (it would keep its port and data directory).
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** One read of a report: its HTTP status and, when 200, its JSON body. */
export interface ReportRead {
  status: number;
  json(): Promise<unknown>;
}

/**
 * Reads a report until it is completed or failed, the way the report screen polls: a 503 (the
 * server shedding load for a second while the machine is busy, with Retry-After) is ridden out
 * and read again, any other answer but 200 fails at once. Returns the last body read.
 */
export async function readUntilSettled<T extends { report: { status: string } }>(
  read: () => Promise<ReportRead>,
  parse: (body: unknown) => T,
  { timeoutMs = 60_000, intervalMs = 250 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await read();
    if (answer.status !== 503) {
      if (answer.status !== 200) throw new Error(`reading the report answered ${answer.status}`);
      const body = parse(await answer.json());
      if (body.report.status === 'completed' || body.report.status === 'failed') return body;
    }
    if (Date.now() > deadline) throw new Error('the analysis did not finish');
    await new Promise((resolve) => setTimeout(resolve, answer.status === 503 ? 1000 : intervalMs));
  }
}

/** A small website on 127.0.0.1 that the analyzer fetches. */
export async function startSite(html: string): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.url === '/' || request.url?.startsWith('/?')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  targets: string[];
}

/**
 * axe-core's violations on the page as it is now (the context needs `bypassCSP: true`: the
 * script is injected inline). `minImpact` keeps only violations at least that serious;
 * `include` (a CSS selector) judges only that part of the page, for a new piece of a long page
 * whose rest another test already judges.
 */
export async function axeViolations(
  page: Page,
  minImpact: 'minor' | 'moderate' | 'serious' | 'critical' = 'minor',
  include?: string,
): Promise<AxeViolation[]> {
  // Judge the page at rest: a fade-in caught half way has the contrast of half its colour. A
  // toast mounted a frame before starts its transition a frame after (seen on a loaded CI
  // machine: axe read a toast's title mid-fade), so wait again until two frames pass with none.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const running = () =>
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    for (let round = 0; round < 10; round += 1) {
      await Promise.all(running().map((animation) => animation.finished.catch(() => undefined)));
      await frame();
      await frame();
      if (running().length === 0) return;
    }
  });
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context: Document | { include: string[] }) => Promise<{
            violations: Array<{ id: string; impact?: string; nodes: Array<{ target: unknown }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(selector ? { include: [selector] } : document);
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      targets: violation.nodes.map((node) => JSON.stringify(node.target)),
    }));
  }, include);
  const order = ['minor', 'moderate', 'serious', 'critical'];
  return violations.filter(
    (violation) => order.indexOf(violation.impact ?? 'minor') >= order.indexOf(minImpact),
  );
}

/** The mail's text with quoted-printable undone. */
export function mailText(mail: ReceivedMail): string {
  const [head = '', ...body] = mail.raw.split('\r\n\r\n');
  const text = body.join('\r\n\r\n');
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head)) return text;
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
