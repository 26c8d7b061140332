/**
 * Site audit benchmark: `npm run bench:audit` (see bench/README.md).
 *
 * A 10,000-page crawl is inserted directly into the database (no crawl: the rows a crawl leaves —
 * pages with real stored findings, page signals with MinHash fingerprints and near-duplicate
 * groups, ~20 internal links a page, 1% broken targets, redirects, sitemap entries), then:
 *  1. the worker's audit snapshot build (services/site-audit-build.ts) is timed, split into
 *     reading, analysing and writing;
 *  2. the audit API is timed end to end over HTTP on 127.0.0.1 (the built Fastify app, a signed-in
 *     session): overview, pages (default sort, sorted by title, searched, filtered by issue, a
 *     deep page), issues, an issue's items, links, structure, duplicates.
 * Target (issue 20.6): the Overview in at most 1.5 s end to end; the API's part is measured here,
 * the web's by the web bench.
 *
 * Embedded database (PGlite) by default; DATABASE_URL=postgres://… uses PostgreSQL.
 * Flags: --pages=<n> (default 10000)  --runs=<n> (requests per endpoint, default 15)  --no-write
 */

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@crawlwise/server/app';
import { createServices } from '@crawlwise/server/composition-root';
import { loadConfig } from '@crawlwise/server/config';
import { queryRows } from '@crawlwise/server/db/database';
import { crawlSettingsOf, crawlStartKey } from '@crawlwise/server/services/crawl-frontier';
import { buildAuditSnapshotOf } from '@crawlwise/server/services/site-audit-build';
import { crawlOptionsSchema } from '@crawlwise/shared/api/site-checks';
import { sql } from 'drizzle-orm';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const PAGES = Number(args.get('pages') ?? 10_000);
const RUNS = Number(args.get('runs') ?? 15);
const WRITE = !args.has('no-write');
const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const ORIGIN = 'https://bench-audit.example';
const SECTIONS = ['/blog', '/shop', '/docs', '/help', '/news', '/about', '/team', '/jobs'];

/** A seeded PRNG (mulberry32): the same rows every run. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(20);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

const FIXTURE = JSON.parse(
  readFileSync(
    path.join(BENCH_DIR, '..', 'apps/server/src/test-support/fixture-analysis.json'),
    'utf8',
  ),
) as { issues: Array<Record<string, unknown>>; meta_json: Record<string, unknown> };

const hex8 = () =>
  Math.floor(random() * 0xffffffff)
    .toString(16)
    .padStart(8, '0');
const fingerprint = () => Array.from({ length: 64 }, hex8).join('');

interface SyntheticPage {
  url: string;
  kind: 'page' | 'broken' | 'redirect';
  depth: number;
}

function plan(): SyntheticPage[] {
  const pages: SyntheticPage[] = [{ url: `${ORIGIN}/`, kind: 'page', depth: 0 }];
  for (let i = 1; i < PAGES; i += 1) {
    const section = SECTIONS[i % SECTIONS.length]!;
    const kind = i % 100 === 0 ? 'broken' : i % 97 === 0 ? 'redirect' : 'page';
    pages.push({ url: `${ORIGIN}${section}/page-${i}`, kind, depth: 1 + Math.floor(i / 1500) });
  }
  return pages;
}

async function insertCrawl(db: Parameters<typeof queryRows>[0], userId: string): Promise<string> {
  const settings = crawlSettingsOf(crawlOptionsSchema.parse({ maxPages: PAGES }));
  const site = new URL(`${ORIGIN}/`);
  const [check] = await queryRows<{ id: string }>(
    db,
    sql`insert into site_checks (user_id, site_url, host, source, status, requester_key,
          page_count, crawl, discovery, created_at, completed_at)
        values (${userId}, ${site.href}, ${site.hostname}, 'crawl', 'completed', ${`user:${userId}`},
          ${PAGES}, ${JSON.stringify(settings)}::jsonb, ${JSON.stringify({ sitemapRead: true })}::jsonb,
          now() - interval '1 hour', now())
        returning id`,
  );
  const id = check!.id;
  const pages = plan();
  if (pages[0]!.url !== crawlStartKey(site, settings)) throw new Error('start key mismatch');
  // Near-duplicate groups: every 50th page shares its fingerprint with the next two.
  const fingerprints: string[] = [];
  for (let i = 0; i < pages.length; i += 1) {
    fingerprints.push(i % 50 === 2 || i % 50 === 3 ? fingerprints[i - 1]! : fingerprint());
  }
  const BATCH = 250;
  for (let start = 0; start < pages.length; start += BATCH) {
    const batch = pages.slice(start, start + BATCH);
    await db.execute(
      sql`insert into urls (normalized_url) values ${sql.join(
        batch.map((page) => sql`(${page.url})`),
        sql`, `,
      )} on conflict do nothing`,
    );
    const values = batch.map((page, offset) => {
      const index = start + offset;
      const token = randomBytes(32).toString('base64url');
      const completedAt = new Date(Date.now() - 3_600_000 + index * 300).toISOString();
      if (page.kind === 'broken') {
        return sql`(${page.url}, ${token}, 'failed', null::int, null::text, 'http_error_404',
          'Not found', null::jsonb, null::jsonb, null::jsonb, ${completedAt}::timestamptz,
          ${page.depth}::int)`;
      }
      const finalKey =
        page.kind === 'redirect' ? `${ORIGIN}${pick(SECTIONS)}/page-${index + 1}` : page.url;
      const signals = {
        finalKey,
        status: 200,
        redirects: page.kind === 'redirect' ? [{ key: page.url, status: 301 }] : [],
        noindex: index % 211 === 0,
        canonical: index % 307 === 0 ? `${ORIGIN}/` : page.url,
        hreflang: [],
        fingerprint: fingerprints[index]!,
        words: 200 + Math.floor(random() * 1500),
        externalLinks: Math.floor(random() * 10),
      };
      const issues = FIXTURE.issues.map((finding) =>
        finding.outcome === 'failed' && random() < 0.3
          ? { ...finding, outcome: 'passed', severity: 'success', points: 0 }
          : finding,
      );
      const meta = {
        ...FIXTURE.meta_json,
        title: { status: 'pass', value: `Page ${index} of ${pick(SECTIONS).slice(1)}`, length: 20 },
      };
      const excerpt = {
        blocks: Array.from({ length: 12 }, (_, n) => `Paragraph ${n} of page ${index}.`.repeat(8)),
        truncated: false,
      };
      return sql`(${page.url}, ${token}, 'completed', ${30 + Math.floor(random() * 70)}::int,
        ${finalKey}, null, null, ${JSON.stringify(meta)}::jsonb, ${JSON.stringify(issues)}::jsonb,
        ${JSON.stringify(signals)}::jsonb, ${completedAt}::timestamptz, ${page.depth}::int,
        ${JSON.stringify(excerpt)}::jsonb)`;
    });
    const completed = values.filter((_, offset) => batch[offset]!.kind !== 'broken');
    const failed = values.filter((_, offset) => batch[offset]!.kind === 'broken');
    if (completed.length > 0) {
      await db.execute(
        sql`insert into reports (url_id, user_id, site_check_id, access_token, status, score,
              final_url, error_code, error_message, meta_json, issues, page_signals, completed_at,
              crawl_depth, text_excerpt)
            select u.id, ${userId}, ${id}, v.token, v.status, v.score, v.final_url, v.error_code,
              v.error_message, v.meta_json, v.issues, v.page_signals, v.completed_at, v.depth,
              v.text_excerpt
            from (values ${sql.join(completed, sql`, `)}) as v(url, token, status, score,
              final_url, error_code, error_message, meta_json, issues, page_signals,
              completed_at, depth, text_excerpt)
            join urls u on u.normalized_url = v.url`,
      );
    }
    if (failed.length > 0) {
      await db.execute(
        sql`insert into reports (url_id, user_id, site_check_id, access_token, status, score,
              final_url, error_code, error_message, meta_json, issues, page_signals, completed_at,
              crawl_depth)
            select u.id, ${userId}, ${id}, v.token, v.status, v.score, v.final_url, v.error_code,
              v.error_message, v.meta_json, v.issues, v.page_signals, v.completed_at, v.depth
            from (values ${sql.join(failed, sql`, `)}) as v(url, token, status, score,
              final_url, error_code, error_message, meta_json, issues, page_signals,
              completed_at, depth)
            join urls u on u.normalized_url = v.url`,
      );
    }
  }
  // ~20 internal links a page: the section's neighbours, the home page, a random page.
  const reportIds = await queryRows<{ id: string; url: string }>(
    db,
    sql`select r.id, u.normalized_url as url from reports r join urls u on u.id = r.url_id
        where r.site_check_id = ${id} and r.status = 'completed'`,
  );
  let links: ReturnType<typeof sql>[] = [];
  const flush = async () => {
    if (links.length === 0) return;
    await db.execute(
      sql`insert into site_links (site_check_id, source_report_id, target_url, anchor, nofollow,
            rendered_only) values ${sql.join(links, sql`, `)}`,
    );
    links = [];
  };
  for (const { id: reportId } of reportIds) {
    const targets = new Set<string>([`${ORIGIN}/`]);
    while (targets.size < 20) targets.add(pick(pages).url);
    for (const target of targets) {
      links.push(sql`(${id}, ${reportId}, ${target}, ${'Read more'}, false, false)`);
    }
    if (links.length >= 1000) await flush();
  }
  await flush();
  const sitemap = pages.filter((_, index) => index % 10 !== 7);
  for (let start = 0; start < sitemap.length; start += 1000) {
    await db.execute(
      sql`insert into site_sitemap_entries (site_check_id, url) values ${sql.join(
        sitemap.slice(start, start + 1000).map((page) => sql`(${id}, ${page.url})`),
        sql`, `,
      )}`,
    );
  }
  return id;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};

async function main() {
  const config = loadConfig({
    DATA_DIR: 'memory://',
    ALLOW_PRIVATE_TARGETS: '1',
    RENDER: 'off',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    AUTH_SECRET: 'crawlwise-bench-secret-0123456789abcdefghij',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const services = await createServices(config);
  const app = await buildApp(services);
  const db = services.database.db;
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
    const userId = signUp.json().user.id as string;

    let started = performance.now();
    const id = await insertCrawl(db, userId);
    const insertMs = Math.round(performance.now() - started);
    console.log(`inserted ${PAGES} pages in ${insertMs} ms`);

    const builds = [];
    for (let run = 0; run < 3; run += 1) {
      // Force a rebuild: the stored snapshot counts as older than this read.
      await db.execute(sql`update site_checks set audit_built_at = null where id = ${id}`);
      started = performance.now();
      const build = await buildAuditSnapshotOf(db, id);
      const totalMs = Math.round(performance.now() - started);
      builds.push({ ...build, totalMs });
      console.log(`build ${run + 1}: ${JSON.stringify({ ...build, totalMs })}`);
    }

    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no address');
    const base = `http://127.0.0.1:${address.port}/api/site-checks/${id}/audit`;
    const endpoints: Array<[string, string]> = [
      ['overview', '/overview'],
      ['pages (default: score)', '/pages'],
      ['pages sorted by title desc', '/pages?sort=title&dir=desc'],
      ['pages searched', '/pages?q=page-77'],
      ['pages filtered by issue', '/pages?issue=deep-pages&sort=inbound'],
      ['pages, page 150 of 200', '/pages?page=150&pageSize=50&sort=linkScore'],
      ['issues', '/issues'],
      ['issue items (page check)', '/issues/js-rendering/items'],
      ['links (broken)', '/links?kind=broken'],
      ['structure', '/structure'],
      ['duplicates', '/duplicates'],
    ];
    const timings = [];
    for (const [name, suffix] of endpoints) {
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < RUNS + 1; run += 1) {
        const begin = performance.now();
        const response = await fetch(`${base}${suffix}`, { headers: { cookie } });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${name}: ${response.status} ${body}`);
        if (run > 0) times.push(performance.now() - begin); // the first one warms up
        bytes = body.length;
      }
      const row = {
        name,
        path: suffix,
        medianMs: Math.round(median(times)),
        p95Ms: Math.round(p95(times)),
        bytes,
      };
      timings.push(row);
      console.log(JSON.stringify(row));
    }
    const csvBegin = performance.now();
    const csv = await (await fetch(`${base}/pages.csv`, { headers: { cookie } })).text();
    const pagesCsv = {
      ms: Math.round(performance.now() - csvBegin),
      rows: csv.split('\r\n').length - 2,
      bytes: csv.length,
    };
    console.log(`pages.csv: ${JSON.stringify(pagesCsv)}`);

    const result = {
      date: new Date().toISOString(),
      commit: execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim(),
      node: process.version,
      cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
      load: os.loadavg()[0] ?? 0,
      database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)',
      pages: PAGES,
      insertMs,
      builds,
      timings,
      pagesCsv,
    };
    if (WRITE) writeResults(result);
  } finally {
    await app.close();
    await services.close();
  }
}

function writeResults(result: {
  date: string;
  commit: string;
  node: string;
  cpus: string;
  load: number;
  database: string;
  pages: number;
  builds: Array<{ readMs: number; analyseMs: number; writeMs: number; totalMs: number }>;
  timings: Array<{ name: string; path: string; medianMs: number; p95Ms: number; bytes: number }>;
  pagesCsv: { ms: number; rows: number; bytes: number };
}) {
  const day = result.date.slice(0, 10);
  const dir = path.join(BENCH_DIR, 'results');
  mkdirSync(dir, { recursive: true });
  const suffix = result.database.startsWith('PostgreSQL') ? '-postgres' : '';
  writeFileSync(
    path.join(dir, `site-audit-${day}${suffix}.json`),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  const lines = [
    `# Site audit, ${day} (${result.database})`,
    '',
    `\`npm run bench:audit\` on ${result.cpus}, Node ${result.node}, commit ${result.commit}, load average ${result.load.toFixed(1)}. A ${result.pages.toLocaleString('en')}-page crawl inserted directly (real stored findings per page, ~20 internal links a page, 1% broken targets, redirects, near-duplicate groups, a sitemap).`,
    '',
    '## Snapshot build (the worker, services/site-audit-build.ts)',
    '',
    '| run | read | analyse | write | total |',
    '|---:|---:|---:|---:|---:|',
    ...result.builds.map(
      (build, index) =>
        `| ${index + 1} | ${build.readMs} ms | ${build.analyseMs} ms | ${build.writeMs} ms | **${build.totalMs} ms** |`,
    ),
    '',
    '## API over HTTP on 127.0.0.1 (signed in), after one warm-up request',
    '',
    '| endpoint | median | p95 | answer |',
    '|---|---:|---:|---:|',
    ...result.timings.map(
      (row) =>
        `| ${row.name} (\`${row.path}\`) | **${row.medianMs} ms** | ${row.p95Ms} ms | ${(row.bytes / 1024).toFixed(1)} KB |`,
    ),
    '',
    `Full pages CSV: ${result.pagesCsv.rows.toLocaleString('en')} rows, ${(result.pagesCsv.bytes / 1024 / 1024).toFixed(1)} MB in ${result.pagesCsv.ms} ms.`,
    '',
  ];
  writeFileSync(path.join(dir, `site-audit-${day}${suffix}.md`), lines.join('\n'));
}

await main();
