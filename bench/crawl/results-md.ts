import type { CliRunResult } from './cli-run.ts';
import { type Comparison, describeMismatches } from './compare.ts';
import type { ServerRunResult } from './server-run.ts';
import type { YardstickResult } from './yardstick-run.ts';

/** The results of `npm run bench:crawl` and their summary in markdown (bench/results/crawl-*.md). */

export interface CrawlBenchResult {
  date: string;
  /** False while runs remain (the file is written after each run). */
  complete: boolean;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    memGB: number;
    commit: string;
    loadAverage: { start: number[]; end: number[] };
  };
  settings: {
    pages: number;
    sitePages: number;
    addresses: number;
    subsetPages: number | null;
    seed: string;
    concurrency: number;
    serverIntervalMs: number;
    renderSubset: number;
  };
  wallMinutes: number;
  cliRuns: CliRunResult[];
  yardstick: YardstickResult | null;
  serverRuns: ServerRunResult[];
}

/** Issue 19, item 8. */
export const TARGETS = {
  /** Render off, pages per second of the yardstick's. */
  yardstickShare: 0.6,
  peakRssMB: 800,
  /** "Flat from 1,000 to 10,000": the large site's peak at most this much above the small's. */
  rssGrowth: 1.25,
  reportMs: 2000,
} as const;

/**
 * CPU per finished address, with the most pages per second the machine's cores could give at
 * that cost (older result files have no CPU figure).
 */
function cpuCell(run: { cpuMsPerPage?: number }, cores: number): string {
  if (!run.cpuMsPerPage) return '—';
  return `${run.cpuMsPerPage} ms (≤ ${Math.round((cores * 1000) / run.cpuMsPerPage)}/s)`;
}

/** A server run's CPU per page by process: web, workers, database (older files have none). */
function split(run: Partial<Pick<ServerRunResult, 'cpuSplit'>>): string {
  if (!run.cpuSplit) return '';
  const { web, workers, database } = run.cpuSplit;
  return `: web ${web}, workers ${workers}, database ${database}`;
}

const mark = (ok: boolean) => (ok ? '✓ met' : '✗ **not met**');

/** The site report's wait: from the check's end where recorded (older files: the first GET's own time). */
const reportWaitMs = (
  run: Pick<ServerRunResult, 'reportMs'> & { reportAfterEndMs?: number | null },
) => run.reportAfterEndMs ?? run.reportMs[0] ?? Number.POSITIVE_INFINITY;
const load = (values: number[]) => values.map((v) => v.toFixed(1)).join(' / ');

function found(comparison: Comparison | null): string {
  if (!comparison) return '—';
  if (comparison.ok) return 'all as planted';
  return `**${describeMismatches(comparison).length} differ**`;
}

function requests(run: { requests: { missing: string[]; blockedFetched: string[] } | null }) {
  if (!run.requests) return '—';
  const { missing, blockedFetched } = run.requests;
  if (missing.length === 0 && blockedFetched.length === 0) return 'all, none blocked';
  return `${missing.length} missing, ${blockedFetched.length} blocked fetched`;
}

/** The large site's run and the subset's of the same kind, matched by their name's tail. */
function pair<T extends { name: string; peakRssMB: number }>(
  runs: T[],
  large: number,
  small: number,
  tail: string,
) {
  const big = runs.find((run) => run.name.includes(`${large} pages`) && run.name.endsWith(tail));
  const little = runs.find((run) => run.name.includes(`${small} pages`) && run.name.endsWith(tail));
  return big && little ? { big, little } : null;
}

export function resultsMarkdown(result: CrawlBenchResult): string {
  const day = result.date.slice(0, 10);
  const { settings, machine, yardstick } = result;
  const cpu = (run: { cpuMsPerPage?: number }) => cpuCell(run, machine.cpus);
  const large = settings.sitePages;
  const small = settings.subsetPages;

  const cliRows = result.cliRuns.map(
    (run) =>
      `| ${run.name} | ${run.addresses} | ${run.analysed} | ${(run.durationMs / 1000).toFixed(1)} s | **${run.pagesPerSecond}** | ${cpu(run)} | ${run.peakRssMB} | ${found(run.comparison)} | ${requests(run)} |`,
  );
  const serverRows = result.serverRuns.map(
    (run) =>
      `| ${run.name} | ${run.processes} × ${run.workerConcurrency} | ${run.verifiedFloorMs} ms | ${run.status} | ${run.counts.total} | ${(run.crawlMs / 1000).toFixed(1)} s | **${run.pagesPerSecond}** | ${cpu(run)}${split(run)} | ${run.peakRssMB} | ${run.databaseMB} | ${run.reportMs[0] ?? '-'} / ${run.reportMedianMs} ms | ${found(run.comparison)} | ${requests(run)} |`,
  );

  const yardstickRow = yardstick
    ? [
        `| ${yardstick.name} | ${yardstick.handled + yardstick.failed} | ${yardstick.handled} | ${(yardstick.durationMs / 1000).toFixed(1)} s | **${yardstick.pagesPerSecond}** | ${cpu(yardstick)} | ${yardstick.peakRssMB} | — | — |`,
      ]
    : [];
  const cliFree = result.cliRuns.find((run) => run.name === `CLI, ${large} pages, no pacing`);
  const share = cliFree && yardstick ? cliFree.pagesPerSecond / yardstick.pagesPerSecond : null;
  const largeRuns = [
    ...result.cliRuns.filter((run) => run.name.includes(`${large} pages`) && !run.render),
    ...result.serverRuns.filter((run) => run.name.includes(`${large} pages`)),
  ];
  const allRuns = [...result.cliRuns, ...result.serverRuns];
  const flat =
    small === null
      ? []
      : [
          pair(result.cliRuns, large, small, 'no pacing'),
          pair(result.serverRuns, large, small, 'PGlite'),
        ].flatMap((p) => (p ? [p] : []));
  const largeServer = result.serverRuns.filter((run) => run.name.includes(`${large} pages`));
  const compared = allRuns.filter((run) => run.comparison !== null);

  // Both ways of crawling are judged against the yardstick: the CLI and the server's large runs.
  const shares = yardstick
    ? [
        ...(cliFree && share !== null ? [{ name: 'CLI without pacing', run: cliFree, share }] : []),
        ...largeServer.map((run) => ({
          name: run.name.replace(/^server, [^,]+, /, 'server, '),
          run,
          share: run.pagesPerSecond / yardstick.pagesPerSecond,
        })),
      ]
    : [];
  const targets = [
    shares.length === 0 || !yardstick
      ? null
      : `- Render off, ≥ ${TARGETS.yardstickShare * 100} % of the yardstick's ${yardstick.pagesPerSecond} pages per second while running every check: ${shares.map((each) => `${each.name} ${each.run.pagesPerSecond} pages/s = ${Math.round(each.share * 100)} %`).join('; ')} — ${mark(shares.every((each) => each.share >= TARGETS.yardstickShare))}.`,
    `- Peak RSS of the process tree ≤ ${TARGETS.peakRssMB} MB at ${large} pages: ${largeRuns.map((run) => `${run.name.split(',')[0]}${'database' in run ? ` (${run.database})` : ''} ${run.peakRssMB} MB`).join(', ')} — ${mark(largeRuns.every((run) => run.peakRssMB <= TARGETS.peakRssMB))}.`,
    flat.length === 0
      ? null
      : `- Flat from ${small} to ${large} pages (here: at most +${Math.round((TARGETS.rssGrowth - 1) * 100)} %): ${flat.map(({ big, little }) => `${big.name.split(',')[0]} ${little.peakRssMB} → ${big.peakRssMB} MB`).join(', ')} — ${mark(flat.every(({ big, little }) => big.peakRssMB <= little.peakRssMB * TARGETS.rssGrowth))}.`,
    largeServer.length === 0
      ? null
      : `- Site report of ${large} pages built in ≤ ${TARGETS.reportMs / 1000} s (from the check's end, as the server recorded it, to the first GET of /api/site-checks/:id/report answered — it waits for the worker's final build; that GET's own time, then the median of ${largeServer[0]!.reportMs.length}, in brackets): ${largeServer.map((run) => `${run.database} ${run.reportAfterEndMs ?? '-'} ms (${run.reportMs[0]} ms, ${run.reportMedianMs} ms)`).join(', ')} — ${mark(largeServer.every((run) => reportWaitMs(run) <= TARGETS.reportMs))}.`,
    `- Every planted problem found and no false broken link: ${compared.filter((run) => run.comparison?.ok).length} of ${compared.length} complete runs as planted (a run of the first addresses only is not compared), false broken links in ${compared.filter((run) => (run.comparison?.falseBrokenLinks.length ?? 0) > 0).length} — ${mark(compared.length > 0 && compared.every((run) => run.comparison?.ok))}.`,
  ].filter((line): line is string => line !== null);

  const mismatches = allRuns
    .filter((run) => run.comparison && !run.comparison.ok)
    .map((run) => `- ${run.name}: ${describeMismatches(run.comparison!).join('; ')}`);

  const partial = result.complete
    ? ''
    : '\n**Partial results: the run had not finished every pass when this was written.**\n';
  return `# Crawl benchmark — ${day}
${partial}
\`npm run bench:crawl\` on ${machine.cpus} × ${machine.cpuModel}, ${machine.memGB} GB, Node ${machine.node},
commit ${machine.commit}; ${result.wallMinutes} minutes in all. **Load average (1/5/15 min): ${load(machine.loadAverage.start)} at
start, ${load(machine.loadAverage.end)} at end** — the machine is shared with other work, which
lowers every figure below (compare runs within this file, not with another day's).

The site: bench/site-generator, seed \`${settings.seed}\`, ${large} HTML pages plus the planted
non-200 and robots.txt-blocked addresses: ${settings.addresses} addresses in a complete crawl (a
crawl holds at most 10,000 addresses, so the site is generated just small enough for a complete
crawl to fit under that ceiling). The
subset site for the render and pacing runs is generated the same way at ${small ?? '—'} pages. Both are served by a
child process on 127.0.0.1. ${settings.concurrency} pages in flight for the CLI and the yardstick;
the server's workers have the same (${settings.concurrency} for the embedded worker, ${settings.concurrency / 2} in each of two worker processes):
a worker's site work leaves one slot to single reports, so each runs with WORKER_CONCURRENCY one
higher (the "processes × concurrency" column).

## CLI (\`packages/analyzer/cli-dist\`) and the yardstick

| run | addresses | analysed | crawl time | pages/s | CPU per page | peak RSS (MB) | findings vs manifest | requests vs manifest |
|---|---:|---:|---:|---:|---:|---:|---|---|
${[...cliRows, ...yardstickRow].join('\n')}

Pages per second: finished addresses (analysed, failed or blocked; redirects and 404s included)
over the crawl's own duration (the CLI's JSON \`totals\`; the yardstick's \`crawler.run()\`).
Peak RSS: every process of the run's tree summed (with rendering, the browser's too), sampled
every 250 ms. CPU per page: the CPU time of that tree over the crawl (every thread, from /proc)
per finished address, and in brackets the pages per second ${machine.cpus} fully busy cores would give at
that cost — unlike pages per second it hardly depends on what else the machine runs. The yardstick follows links from the start page only (no sitemap, so no orphans),
obeys robots.txt and does nothing else: no checks, no link graph, no findings.

## Server (production build, render off)

| run | processes × concurrency | verified site's floor | status | addresses | crawl time | pages/s | CPU per page | peak RSS (MB) | database (MB) | site report | findings vs manifest | requests vs manifest |
|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---|
${serverRows.join('\n')}

Crawl time: from \`POST /api/site-checks\` (\`source: crawl\`, the site verified through
\`/api/site-verifications\` with the well-known file) to the check's end, polled every 500 ms.
Peak RSS: the web process and the worker processes. CPU per page: those processes (their
analysis threads included) and, on PostgreSQL, the database server's processes, over the crawl
alone. Database: \`pg_database_size\` on PostgreSQL,
the data directory on disk for PGlite. Site report: the time of the first GET
/api/site-checks/:id/report once the check has ended / the median of
${result.serverRuns[0]?.reportMs.length ?? 0} in a row; the target reads the time from the check's
end (its \`completedAt\`) to that first answer, since the poll that saw the end can itself be
answered late (the embedded process answers nothing while it builds). The worker builds and stores the report of an
ended check; the first GET waits for that build (at most SITE_REPORT_AWAIT_BUILD_MS), the
others send the stored report.

**Pacing.** A verified site's pages are paced at min(100 ms, SITE_CHECK_PAGE_INTERVAL_MS) per
host, across every worker: with the server's default floor (1000 ms) that is 100 ms, after the
previous page's answer, so one host is crawled at most ~10 pages/s whatever the workers could do
(the "product pace" rows). The large runs set SITE_CHECK_PAGE_INTERVAL_MS=${settings.serverIntervalMs} (floor
${Math.min(100, settings.serverIntervalMs)} ms) to show what the workers themselves do; the server still takes one host's
turn per page (a page's request starts once the previous one's answer is in), so its
concurrency on one site is that of the analysis, not of the fetches. The CLI's
\`--per-host-delay\` may go to 0; its "product pace" row uses 100 ms.

## Targets (issue 19, item 8)

${targets.join('\n')}
${mismatches.length > 0 ? `\n### Findings that differ from the manifest\n\n${mismatches.join('\n')}\n` : ''}`;
}
