/**
 * Crawl benchmark: `npm run bench:crawl` (see bench/README.md › bench:crawl; issue 19, item 8).
 *
 * Generates the crawl test site (bench/site-generator) at --pages and a --render-subset site,
 * each served by a child process on 127.0.0.1, and crawls them:
 *   - the compiled CLI (cli-dist), render off, without pacing and at the product's pace;
 *   - the yardstick, crawlee's CheerioCrawler (fetch + parse + links only), same concurrency;
 *   - the server (production build) with its embedded worker on PGlite, and web + 2 worker
 *     processes on PostgreSQL, the site verified through the real routes;
 *   - the CLI with rendering over the subset site.
 * Per run: pages per second, peak RSS of the process tree, database size and site report time
 * (server), and every finding compared with the site's manifest. Every child process is
 * killed at the end, on failure and at the overall timeout.
 *
 * Flags: --pages=<n> (10000) --render-subset=<n> (1000; 0 skips the subset runs) --seed=<text>
 *   --concurrency=<n> (8) --server-interval=<ms> (0) --paced-pages=<n> (300) --skip-server
 *   --server-only (no CLI nor yardstick runs: to compare server changes) --skip-pglite (the large
 *   site's pass on the embedded database, the longest)
 *   --skip-pg --no-write
 *   --timeout-minutes=<n> (120) --out=<name> (results file name without extension; crawl-<date>)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CRAWL_PAGES_CEILING } from '@crawlwise/shared/site-check';
import { VERIFIED_PAGE_INTERVAL_MS } from '@crawlwise/shared/site-verification';
import { type CliRunResult, runCli } from './crawl/cli-run.ts';
import { describeMismatches } from './crawl/compare.ts';
import { type CrawlBenchResult, resultsMarkdown } from './crawl/results-md.ts';
import { crawlAddresses, createRunGuard } from './crawl/run-support.ts';
import { runServer, type ServerRunResult } from './crawl/server-run.ts';
import { type SiteProcess, startSiteProcess } from './crawl/site-process.ts';
import { runYardstick, type YardstickResult } from './crawl/yardstick-run.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const PAGES = Number(args.get('pages') ?? 10_000);
const SUBSET = Number(args.get('render-subset') ?? 1000);
const SEED = args.get('seed') ?? 'crawlwise-site-v1';
const CONCURRENCY = Number(args.get('concurrency') ?? 8);
const SERVER_INTERVAL_MS = Number(args.get('server-interval') ?? 0);
/** Addresses of the server's pass at the product pace (it starts slow: see the README). */
const PACED_PAGES = Number(args.get('paced-pages') ?? 300);
const SKIP_SERVER = args.has('skip-server');
const SKIP_PG = args.has('skip-pg') || SKIP_SERVER;
const SERVER_ONLY = args.has('server-only');
const SKIP_LARGE_PGLITE = args.has('skip-pglite') || SKIP_SERVER;
const WRITE = !args.has('no-write');
const TIMEOUT_MS = Number(args.get('timeout-minutes') ?? 120) * 60_000;
/** The server's default SITE_CHECK_PAGE_INTERVAL_MS: with it a verified site gets 100 ms. */
const PRODUCT_SERVER_INTERVAL_MS = 1000;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(REPO_ROOT, 'packages/analyzer/cli-dist/crawlwise.js');

const log = (line: string) => process.stderr.write(`[bench:crawl] ${line}\n`);

function ensureBuilds(needServer: boolean) {
  if (!existsSync(CLI)) {
    log('no cli-dist: npm run build:cli');
    execFileSync('npm', ['run', 'build:cli', '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  if (needServer && !existsSync(path.join(REPO_ROOT, 'apps/server/dist/main.js'))) {
    log('no production build: npm run build');
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
}

function summary(run: CliRunResult | ServerRunResult | YardstickResult): string {
  const found =
    'comparison' in run && run.comparison
      ? run.comparison.ok
        ? 'findings as planted'
        : `FINDINGS DIFFER: ${describeMismatches(run.comparison).join(' | ')}`
      : '';
  const cpu = 'cpuSplit' in run ? ` (${JSON.stringify(run.cpuSplit)})` : '';
  return `${run.name}: ${run.pagesPerSecond} pages/s, CPU ${run.cpuMsPerPage} ms per page${cpu}, peak RSS ${run.peakRssMB} MB ${found}`;
}

async function main(): Promise<CrawlBenchResult> {
  ensureBuilds(!SKIP_SERVER);
  const guard = createRunGuard();
  const sites: SiteProcess[] = [];
  const loadAtStart = os.loadavg();
  const started = Date.now();
  const timeout = setTimeout(() => {
    log(`overall timeout (${TIMEOUT_MS / 60_000} min): stopping every process`);
    void guard.killAll(1000).finally(async () => {
      await Promise.allSettled(sites.map((site) => site.close()));
      process.exit(1);
    });
  }, TIMEOUT_MS);
  try {
    const site = await startSiteProcess(PAGES, SEED, CRAWL_PAGES_CEILING);
    sites.push(site);
    const addresses = crawlAddresses(site.expected);
    log(
      `site: ${site.pages} pages, ${addresses} addresses (requested or blocked), generated in ${site.generateMs} ms, ${site.url}`,
    );
    const maxPages = Math.min(CRAWL_PAGES_CEILING, addresses);
    const cli = (name: string, on: SiteProcess, perHostDelayMs: number, render: boolean) =>
      runCli(
        {
          name,
          cliPath: CLI,
          url: on.url,
          maxPages: Math.min(CRAWL_PAGES_CEILING, crawlAddresses(on.expected)),
          concurrency: CONCURRENCY,
          perHostDelayMs,
          render,
        },
        guard,
        on.expected,
        async () => on.requests(),
      ).then(async (result) => {
        log(summary(result));
        await on.resetRequests();
        return result;
      });
    const server = (
      name: string,
      on: SiteProcess,
      database: 'pglite' | 'postgres',
      serverIntervalMs: number,
      cap = crawlAddresses(on.expected),
    ) =>
      runServer(
        {
          name,
          database,
          workers: database === 'postgres' ? 2 : 0,
          // The embedded worker alone, or two workers sharing it: the same pages in flight. A
          // worker's site work leaves one slot to single reports (worker.ts siteSlots), so each
          // has one slot more than its share of the crawl's pages.
          workerConcurrency: (database === 'postgres' ? CONCURRENCY / 2 : CONCURRENCY) + 1,
          serverIntervalMs,
          maxPages: Math.min(CRAWL_PAGES_CEILING, cap),
          postgresUrl: POSTGRES_URL,
          reportTimings: 5,
          timeoutMs: TIMEOUT_MS,
        },
        on,
        guard,
        // A crawl cut short by its cap cannot match the manifest: not compared.
        cap >= crawlAddresses(on.expected) ? on.expected : null,
      ).then(async (result) => {
        log(summary(result));
        await on.resetRequests();
        return result;
      });

    const result: CrawlBenchResult = {
      date: new Date().toISOString(),
      complete: false,
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'cpu',
        node: process.version,
        memGB: Math.round(os.totalmem() / 2 ** 30),
        commit: gitCommit(),
        loadAverage: { start: loadAtStart, end: os.loadavg() },
      },
      settings: {
        pages: PAGES,
        sitePages: site.pages,
        addresses,
        subsetPages: null,
        seed: SEED,
        concurrency: CONCURRENCY,
        serverIntervalMs: SERVER_INTERVAL_MS,
        renderSubset: SUBSET,
      },
      wallMinutes: 0,
      cliRuns: [],
      yardstick: null,
      serverRuns: [],
    };
    // Written after every run, so a run cut short (the deadline, a failure) keeps what it has.
    const save = (complete: boolean) => {
      result.complete = complete;
      result.machine.loadAverage.end = os.loadavg();
      result.wallMinutes = Math.round((Date.now() - started) / 6000) / 10;
      if (WRITE) writeResults(result);
    };
    if (!SERVER_ONLY) {
      await site.resetRequests();
      result.cliRuns.push(await cli(`CLI, ${site.pages} pages, no pacing`, site, 0, false));
      save(false);
      result.yardstick = await runYardstick(site.url, CONCURRENCY, maxPages + 100, guard);
      log(summary(result.yardstick));
      save(false);
    }
    await site.resetRequests();

    if (SUBSET > 0) {
      const small = await startSiteProcess(SUBSET, SEED, CRAWL_PAGES_CEILING);
      sites.push(small);
      result.settings.subsetPages = small.pages;
      log(`subset site: ${small.pages} pages, ${small.url}`);
      result.cliRuns.push(await cli(`CLI, ${small.pages} pages, no pacing`, small, 0, false));
      save(false);
      result.cliRuns.push(
        await cli(
          `CLI, ${small.pages} pages, product pace (${VERIFIED_PAGE_INTERVAL_MS} ms)`,
          small,
          VERIFIED_PAGE_INTERVAL_MS,
          false,
        ),
      );
      save(false);
      result.cliRuns.push(
        await cli(`CLI, ${small.pages} pages, rendering, no pacing`, small, 0, true),
      );
      save(false);
      if (!SKIP_SERVER) {
        result.serverRuns.push(
          await server(
            `server, ${small.pages} pages, embedded worker, PGlite`,
            small,
            'pglite',
            SERVER_INTERVAL_MS,
          ),
        );
        save(false);
        result.serverRuns.push(
          await server(
            `server, ${small.pages}-page site, first ${PACED_PAGES} addresses, embedded worker, PGlite, product pace`,
            small,
            'pglite',
            PRODUCT_SERVER_INTERVAL_MS,
            PACED_PAGES,
          ),
        );
        save(false);
      }
      await small.close();
    }
    // The large server runs last: the longest, so a run cut short loses the least.
    if (!SKIP_PG) {
      result.serverRuns.push(
        await server(
          `server, ${site.pages} pages, web + 2 workers, PostgreSQL`,
          site,
          'postgres',
          SERVER_INTERVAL_MS,
        ),
      );
      save(false);
    }
    if (!SKIP_LARGE_PGLITE) {
      result.serverRuns.push(
        await server(
          `server, ${site.pages} pages, embedded worker, PGlite`,
          site,
          'pglite',
          SERVER_INTERVAL_MS,
        ),
      );
    }
    save(true);
    return result;
  } finally {
    clearTimeout(timeout);
    await guard.killAll(1000);
    await Promise.allSettled(sites.map((each) => each.close()));
  }
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'unknown';
  }
}

function writeResults(result: CrawlBenchResult) {
  const day = result.date.slice(0, 10);
  const dir = path.join(REPO_ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const name = args.get('out') ?? `crawl-${day}`;
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(path.join(dir, `${name}.md`), resultsMarkdown(result));
}

try {
  const result = await main();
  process.stdout.write(`${resultsMarkdown(result)}\n`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
