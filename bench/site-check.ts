/**
 * Whole-site check benchmark: `npm run bench:site-check` (see bench/README.md).
 *
 * Serves the committed corpus (bench/corpus, 60 pages, one origin, with /sitemap.xml) from a
 * child process, and runs a site check the way the product does: the app on in-memory PGlite, a
 * signed-up account, POST /api/site-checks (source: sitemap), one Worker claiming the discovery
 * and then the pages from the reports table, with rendering on (one browser, the engine's render
 * concurrency). Measures pages per minute from the start request to the site check's
 * completion, at the default per-host pacing (SITE_CHECK_PAGE_INTERVAL_MS = 1000: one page
 * started per second on a host) and with pacing off (what the worker can do).
 *
 * Flags: --seed=<text>  --concurrency=<n> (worker concurrency, default 4)  --no-write
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findBrowser } from '@crawlwise/analyzer/gather/browser-path';
import { buildApp } from '@crawlwise/server/app';
import { createServices } from '@crawlwise/server/composition-root';
import { loadConfig } from '@crawlwise/server/config';
import { Worker } from '@crawlwise/server/worker/worker';
import type { ServeMessage } from './corpus/serve.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const SEED = args.get('seed') ?? 'crawlwise-bench-v1';
const WRITE = !args.has('no-write');
const CONCURRENCY = Number(args.get('concurrency') ?? 4);
const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

interface Pass {
  name: string;
  pacingMs: number;
  pages: number;
  completed: number;
  failed: number;
  wallMs: number;
  pagesPerMinute: number;
}

async function forkCorpus(): Promise<{ origin: string; close(): Promise<void> }> {
  const child: ChildProcess = fork(path.join(BENCH_DIR, 'corpus', 'serve.ts'), [SEED], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Extract<ServeMessage, { type: 'ready' }>>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`corpus server exited with ${code}`)));
    child.on('message', (m: ServeMessage) => {
      if (m.type === 'ready') resolve(m);
    });
  });
  return {
    origin: ready.origin,
    close: async () => {
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

async function measure(name: string, origin: string, pacingMs: number): Promise<Pass> {
  const config = loadConfig({
    DATA_DIR: 'memory://',
    ALLOW_PRIVATE_TARGETS: '1',
    RENDER: 'on',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    AUTH_SECRET: 'crawlwise-bench-secret-0123456789abcdefghij',
    SITE_CHECK_PAGE_INTERVAL_MS: String(pacingMs),
    WORKER_CONCURRENCY: String(CONCURRENCY),
  });
  const services = await createServices(config);
  const app = await buildApp(services);
  const worker = new Worker(
    { ...services, monitor: null },
    { concurrency: CONCURRENCY, pollIntervalMs: 200 },
  );
  try {
    const headers = { origin: 'http://localhost:80' };
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers,
      payload: {
        name: 'Bench',
        email: `bench-${Date.now()}@example.com`,
        password: 'bench-password',
      },
    });
    const cookie = ([] as string[])
      .concat(signUp.headers['set-cookie'] ?? [])
      .map((each) => each.split(';')[0])
      .join('; ');
    // Warm-up (not counted): the browser and the analysis threads start once per process.
    await app.engine.analyzeUrl(`${origin}/`);
    await worker.start();
    const started = performance.now();
    const created = await app.inject({
      method: 'POST',
      url: '/api/site-checks',
      headers: { ...headers, cookie },
      payload: { siteUrl: origin, source: 'sitemap' },
    });
    if (created.statusCode !== 201) throw new Error(`start failed: ${created.body}`);
    const id = created.json().siteCheck.id as string;
    for (;;) {
      const check = (
        await app.inject({ method: 'GET', url: `/api/site-checks/${id}`, headers: { cookie } })
      ).json().siteCheck;
      if (check.status === 'completed' || check.status === 'failed') {
        const wallMs = performance.now() - started;
        return {
          name,
          pacingMs,
          pages: check.counts.total,
          completed: check.counts.completed,
          failed: check.counts.failed,
          wallMs: Math.round(wallMs),
          pagesPerMinute: Math.round((check.counts.total / wallMs) * 60_000),
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await worker.stop(1000);
    await app.close();
    await services.close();
  }
}

function machine(): string {
  const cpus = os.cpus();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {}
  return `${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, Node ${process.version}, commit ${commit}`;
}

async function main() {
  if (!(await findBrowser(process.env).catch(() => null))) {
    throw new Error('No browser found: this benchmark measures site checks with rendering.');
  }
  const corpus = await forkCorpus();
  const loadAtStart = os.loadavg()[0]!.toFixed(1);
  try {
    const passes = [
      await measure('rendering, default pacing (1000 ms per host)', corpus.origin, 1000),
      await measure('rendering, pacing off', corpus.origin, 0),
    ];
    const table = [
      '| pass | pages | completed | failed | wall | pages per minute |',
      '|---|---:|---:|---:|---:|---:|',
      ...passes.map(
        (p) =>
          `| ${p.name} | ${p.pages} | ${p.completed} | ${p.failed} | ${(p.wallMs / 1000).toFixed(1)} s | **${p.pagesPerMinute}** |`,
      ),
    ].join('\n');
    const load = `Load average (1 min) ${loadAtStart} at start, ${os.loadavg()[0]!.toFixed(1)} at end, on ${os.cpus().length} cores: on a shared machine other work lowers the figures.`;
    process.stdout.write(`${table}\n${load}\n`);
    if (!WRITE) return;
    const date = new Date().toISOString().slice(0, 10);
    const dir = path.join(BENCH_DIR, 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, `site-check-${date}.json`),
      `${JSON.stringify({ date, machine: machine(), load, concurrency: CONCURRENCY, seed: SEED, passes }, null, 2)}\n`,
    );
    writeFileSync(
      path.join(dir, `site-check-${date}.md`),
      `# Site-check throughput, ${date}\n\n` +
        `\`npm run bench:site-check\` on ${machine()}. The corpus (60 pages, one origin, seed ` +
        `\`${SEED}\`) is checked as a signed-in user would: POST /api/site-checks with ` +
        `\`source: sitemap\`, one worker (concurrency ${CONCURRENCY}) on in-memory PGlite reads ` +
        `/sitemap.xml and analyses every page **with rendering** (headless Chromium). Time runs ` +
        `from the start request to the site check's completion, discovery included; browser ` +
        `start-up is outside it (warmed once).\n\n${table}\n\n${load}\n\n` +
        'At the default pacing the site check is bound by politeness (one page started per ' +
        'second on a host: at most 60 pages per minute); the pass without pacing shows what one ' +
        'worker can analyse. Several workers share one site at the same pace, so adding workers ' +
        'speeds up many sites, not one.\n',
    );
  } finally {
    await corpus.close();
  }
}

await main();
