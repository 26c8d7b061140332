/**
 * What building a crawl's site report costs, phase by phase, on a database a real crawl filled:
 * `npx tsx bench/site-report-read.ts --data-dir=<PGlite data directory>` or
 * `DATABASE_URL=… npx tsx bench/site-report-read.ts`.
 *
 * The database comes from `BENCH_KEEP_DB=1 npx tsx bench/crawl.ts …` (it prints the embedded
 * database's directory; PostgreSQL's is kept under its bench_crawl_… name). Its most recent site
 * check is read as the worker's final build reads it — the pages (listSitePages), the link graph
 * (loadCrawlGraph) — then analysed, built and compressed as the stored report, and the stored
 * report written and read back (upsertSnapshot, currentSnapshot), --rounds times (the first is
 * cold). The directory is changed by the writes: run it on a copy to keep one as it was.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/database.ts';
import {
  currentSnapshot,
  siteReportChangeKey,
  upsertSnapshot,
} from '../apps/server/src/db/tables/site-report-snapshots.ts';
import { listSitePages } from '../apps/server/src/services/site-checks.ts';
import { analyseCrawl, buildSiteReport } from '../apps/server/src/services/site-report.ts';
import { loadCrawlGraph } from '../apps/server/src/services/site-report-source.ts';
import { storedFormOf } from '../apps/server/src/services/site-report-store.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const dataDir = args.get('data-dir');
const databaseUrl = process.env.DATABASE_URL;
if (!dataDir && !databaseUrl) throw new Error('--data-dir=<PGlite directory> or DATABASE_URL');
const ROUNDS = Number(args.get('rounds') ?? 4);

const database = await openDatabase(
  dataDir ? { dataDir } : { databaseUrl, dataDir: 'memory://' /* unused with a URL */ },
);
const { db } = database;
const [check] = await queryRows<{ id: string; site_url: string }>(
  db,
  sql`select id, site_url from site_checks order by created_at desc limit 1`,
);
if (!check) throw new Error('no site check in that database');

const phases = [
  'pages',
  'link graph',
  'analysis',
  'report + compression',
  'change key',
  'store',
  'read stored',
] as const;
const times = new Map<string, number[]>(phases.map((phase) => [phase, []]));
let pages = 0;
let links = 0;
let storedBytes = 0;
for (let round = 0; round < ROUNDS; round += 1) {
  let at = performance.now();
  const lap = (phase: (typeof phases)[number]) => {
    const now = performance.now();
    times.get(phase)!.push(now - at);
    at = now;
  };
  const rows = await listSitePages(db, check.id, { report: true });
  lap('pages');
  const crawl = await loadCrawlGraph(db, { id: check.id, siteUrl: check.site_url }, rows);
  lap('link graph');
  const analysis = analyseCrawl(rows, crawl);
  lap('analysis');
  const report = storedFormOf(buildSiteReport(rows, crawl, analysis));
  lap('report + compression');
  const key = await siteReportChangeKey(db, check.id);
  lap('change key');
  if (key === null) throw new Error('the check has not ended: no change key');
  await upsertSnapshot(db, check.id, key, report);
  lap('store');
  const read = await currentSnapshot(db, check.id);
  lap('read stored');
  pages = rows.length;
  links = crawl?.links.length ?? 0;
  storedBytes = read?.deflated.length ?? 0;
}
await database.close();

const ms = (values: number[]) => values.map((value) => value.toFixed(0)).join(' / ');
const median = (values: number[]) => {
  const sorted = values.slice(1).sort((a, b) => a - b);
  return sorted.length === 0 ? values[0]! : sorted[Math.floor(sorted.length / 2)]!;
};
console.log(
  `\n${database.kind}, ${pages} pages, ${links} links, stored report ${storedBytes} bytes, ` +
    `${ROUNDS} rounds\n`,
);
console.log('| phase | each round (ms) | median after the first (ms) |');
console.log('|---|---|---:|');
for (const [phase, values] of times) {
  console.log(`| ${phase} | ${ms(values)} | ${median(values).toFixed(0)} |`);
}
const totals = Array.from({ length: ROUNDS }, (_, round) =>
  [...times.values()].reduce((sum, values) => sum + values[round]!, 0),
);
console.log(`| all | ${ms(totals)} | ${median(totals).toFixed(0)} |`);
