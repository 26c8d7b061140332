/**
 * Where a server crawl's time goes (issue 19, item 8): `npx tsx bench/crawl-profile.ts`.
 *
 * Crawls the generated site (bench/site-generator) with the server's services in this process —
 * the embedded database (PGlite in memory, or the PostgreSQL of DATABASE_URL) and a worker of
 * --concurrency slots, render off, the pace floor at 0 (SITE_CHECK_PAGE_INTERVAL_MS=0) — and
 * times each stage of a page by wrapping the services' methods from outside (no product code
 * is changed for it): the claim (and how many claims found nothing), robots.txt permission,
 * the fetch, ending the host's turn, the analysis (its thread), the write of the outcome
 * (which also stores the links, queues new pages and settles the check), and the periodic tasks
 * (audit snapshots). The site is served by a child process on 127.0.0.1, as bench:crawl does.
 * On the embedded database it also times each named statement's run on the connection (inside
 * PGlite's locks: the statement's own time, not its wait), by its text's first 70 characters.
 *
 * Flags: --pages=<n> (480: under an unverified crawl's 500 addresses) --concurrency=<n> (8)
 */
import { waitUntil } from '@crawlwise/shared/wait-until';
import { PgliteNamedStatements } from '../apps/server/src/db/pglite-named-statements.ts';
import { call, signUp } from '../apps/server/src/test-support/accounts.ts';
import { buildTestApp, testWorker } from '../apps/server/src/test-support/test-app.ts';
import { Scheduler } from '../apps/server/src/worker/scheduler.ts';
import { startSiteProcess } from './crawl/site-process.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const PAGES = Number(args.get('pages') ?? 480);
const CONCURRENCY = Number(args.get('concurrency') ?? 8);

interface Stage {
  calls: number;
  totalMs: number;
  maxMs: number;
}
const stages = new Map<string, Stage>();
function note(name: string, ms: number) {
  const stage = stages.get(name) ?? { calls: 0, totalMs: 0, maxMs: 0 };
  stage.calls += 1;
  stage.totalMs += ms;
  stage.maxMs = Math.max(stage.maxMs, ms);
  stages.set(name, stage);
}

/** Replaces `target[method]` with a timed call of the original. */
function time<T extends object>(
  target: T,
  method: keyof T & string,
  name: string,
  label?: (result: unknown) => string,
) {
  const original = (target[method] as (...a: unknown[]) => Promise<unknown>).bind(target);
  (target as Record<string, unknown>)[method] = async (...a: unknown[]) => {
    const started = performance.now();
    const result = await original(...a);
    note(label ? `${name} ${label(result)}` : name, performance.now() - started);
    return result;
  };
}

// Each named statement's run on the embedded database (its private `run`, inside the locks).
const statements = new Map<string, Stage>();
const namedProto = PgliteNamedStatements.prototype as unknown as {
  run: (name: string, text: string, ...rest: unknown[]) => Promise<unknown>;
};
const runNamed = namedProto.run;
if (typeof runNamed !== 'function') {
  // Renamed or gone: the statements' table would be left out without a word.
  throw new Error('PgliteNamedStatements has no private run() to time: update crawl-profile.ts');
}
namedProto.run = async function (this: unknown, name, text, ...rest) {
  const started = performance.now();
  try {
    return await runNamed.call(this, name, text, ...rest);
  } finally {
    const key = text.replace(/\s+/g, ' ').slice(0, 70);
    const ms = performance.now() - started;
    const stage = statements.get(key) ?? { calls: 0, totalMs: 0, maxMs: 0 };
    statements.set(key, {
      calls: stage.calls + 1,
      totalMs: stage.totalMs + ms,
      maxMs: Math.max(stage.maxMs, ms),
    });
  }
};

// The periodic tasks by name (audit snapshots above all), timed where the scheduler runs them.
const addTask = Scheduler.prototype.add;
Scheduler.prototype.add = function (task) {
  const run = task.run;
  return addTask.call(this, {
    ...task,
    run: async () => {
      const started = performance.now();
      await run();
      note(`task: ${task.name}`, performance.now() - started);
    },
  });
};

const served = await startSiteProcess(PAGES, 'crawl-profile', 500);
const { app } = await buildTestApp({ SITE_CHECK_PAGE_INTERVAL_MS: '0' });
const owner = await signUp(app);
const { queue, engine } = app;
time(queue, 'claimSitePage', 'claim site page', (job) => (job ? '(a page)' : '(none)'));
time(queue, 'complete', 'write outcome: complete (links, frontier, settle)');
time(queue, 'fail', 'write outcome: fail');
time(queue, 'retryLater', 'write outcome: retry later');
time(queue.hostPace, 'endTurn', 'end host turn');
time(queue.hostPace, 'noteCrawlDelay', 'note crawl delay');
time(engine, 'crawlPermission', 'robots.txt permission');
time(engine, 'fetchDocument', 'fetch');
time(engine, 'analyze', 'analysis (thread)');
time(engine, 'discoverSitemaps', 'sitemap discovery');

const started = performance.now();
const response = await call(app, 'POST', '/api/site-checks', {
  cookie: owner.cookie,
  payload: { siteUrl: served.expected.startUrl, source: 'crawl', crawl: { maxPages: 500 } },
});
if (response.statusCode !== 201) throw new Error(`start: ${response.statusCode} ${response.body}`);
const id = response.json().siteCheck.id as string;
const worker = testWorker(app, { concurrency: CONCURRENCY, pollIntervalMs: 1000 });
await worker.start();
const ended = await waitUntil(
  async () => {
    const check = (
      await call(app, 'GET', `/api/site-checks/${id}`, { cookie: owner.cookie })
    ).json().siteCheck as { status: string; counts: { total: number } };
    return ['discovering', 'running'].includes(check.status) ? undefined : check;
  },
  { timeoutMs: 30 * 60_000, intervalMs: 250, what: 'the crawl to end' },
);
const crawlMs = performance.now() - started;
await worker.stop();

const wallMs = crawlMs;
const rows = [...stages.entries()].sort((a, b) => b[1].totalMs - a[1].totalMs);
const load = (await import('node:os')).loadavg().map((n) => n.toFixed(1));
console.log(
  `${PAGES}-page site, ${ended.counts.total} addresses, status ${ended.status}, ` +
    `${(crawlMs / 1000).toFixed(1)} s, ${((ended.counts.total * 1000) / crawlMs).toFixed(1)} pages/s, ` +
    `concurrency ${CONCURRENCY}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, load ${load.join(' / ')}`,
);
console.log('| stage | calls | total s | share of slot time | mean ms | max ms |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, stage] of rows) {
  console.log(
    `| ${name} | ${stage.calls} | ${(stage.totalMs / 1000).toFixed(1)} | ` +
      `${((100 * stage.totalMs) / (wallMs * CONCURRENCY)).toFixed(0)} % | ` +
      `${(stage.totalMs / stage.calls).toFixed(1)} | ${stage.maxMs.toFixed(0)} |`,
  );
}
if (statements.size > 0) {
  console.log('\n| named statement (embedded database) | runs | total s | mean ms | max ms |');
  console.log('|---|---:|---:|---:|---:|');
  const byTime = [...statements.entries()].sort((a, b) => b[1].totalMs - a[1].totalMs);
  for (const [text, stage] of byTime.slice(0, 12)) {
    console.log(
      `| \`${text.replaceAll('|', '\\|')}\` | ${stage.calls} | ${(stage.totalMs / 1000).toFixed(1)} | ` +
        `${(stage.totalMs / stage.calls).toFixed(2)} | ${stage.maxMs.toFixed(0)} |`,
    );
  }
}
await app.close();
await served.close();
