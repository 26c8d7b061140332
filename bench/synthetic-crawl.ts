/**
 * A synthetic crawl written straight into the database (no crawl), shared by the site audit and
 * site report benchmarks: the rows a crawl leaves — pages with real stored findings, page signals
 * with MinHash fingerprints and near-duplicate groups, ~20 internal links a page, 1% broken
 * targets, redirects, sitemap entries. Seeded: the same rows every run.
 */

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { queryRows } from '@crawlwise/server/db/database';
import { crawlSettingsOf, crawlStartKey } from '@crawlwise/server/services/crawl-frontier';
import { storedPageLinks } from '@crawlwise/server/services/page-links';
import {
  auditIssuesOf,
  reportMetaOf,
  viewFindingsOf,
} from '@crawlwise/server/services/site-page-findings';
import { crawlOptionsSchema } from '@crawlwise/shared/api/site-checks';
import { sql } from 'drizzle-orm';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

export const ORIGIN = 'https://bench-audit.example';
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

function plan(pageCount: number): SyntheticPage[] {
  const pages: SyntheticPage[] = [{ url: `${ORIGIN}/`, kind: 'page', depth: 0 }];
  for (let i = 1; i < pageCount; i += 1) {
    const section = SECTIONS[i % SECTIONS.length]!;
    const kind = i % 100 === 0 ? 'broken' : i % 97 === 0 ? 'redirect' : 'page';
    pages.push({ url: `${ORIGIN}${section}/page-${i}`, kind, depth: 1 + Math.floor(i / 1500) });
  }
  return pages;
}

/** Inserts a completed crawl of `pageCount` pages owned by `userId`; answers the check's id. */
export async function insertCrawl(
  db: Parameters<typeof queryRows>[0],
  userId: string,
  pageCount: number,
): Promise<string> {
  const settings = crawlSettingsOf(crawlOptionsSchema.parse({ maxPages: pageCount }));
  const site = new URL(`${ORIGIN}/`);
  const [check] = await queryRows<{ id: string }>(
    db,
    sql`insert into site_checks (user_id, site_url, host, source, status, requester_key,
          page_count, crawl, discovery, created_at, completed_at)
        values (${userId}, ${site.href}, ${site.hostname}, 'crawl', 'completed', ${`user:${userId}`},
          ${pageCount}, ${JSON.stringify(settings)}::jsonb, ${JSON.stringify({ sitemapRead: true })}::jsonb,
          now() - interval '1 hour', now())
        returning id`,
  );
  const id = check!.id;
  const pages = plan(pageCount);
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
        ${JSON.stringify(excerpt)}::jsonb, ${JSON.stringify(auditIssuesOf(issues))}::jsonb,
        ${JSON.stringify(viewFindingsOf(issues))}::jsonb, ${JSON.stringify(reportMetaOf(meta))}::json)`;
    });
    const completed = values.filter((_, offset) => batch[offset]!.kind !== 'broken');
    const failed = values.filter((_, offset) => batch[offset]!.kind === 'broken');
    if (completed.length > 0) {
      await db.execute(
        sql`insert into reports (url_id, user_id, site_check_id, access_token, status, score,
              final_url, error_code, error_message, meta_json, issues, page_signals, completed_at,
              crawl_depth, text_excerpt, audit_issues, view_findings, report_meta)
            select u.id, ${userId}, ${id}, v.token, v.status, v.score, v.final_url, v.error_code,
              v.error_message, v.meta_json, v.issues, v.page_signals, v.completed_at, v.depth,
              v.text_excerpt, v.audit_issues, v.view_findings, v.report_meta
            from (values ${sql.join(completed, sql`, `)}) as v(url, token, status, score,
              final_url, error_code, error_message, meta_json, issues, page_signals,
              completed_at, depth, text_excerpt, audit_issues, view_findings, report_meta)
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
  // Each page's links as the update that completes a crawled page stores them (page-links.ts).
  let updates: ReturnType<typeof sql>[] = [];
  const flush = async () => {
    if (updates.length === 0) return;
    await db.execute(
      sql`update reports r set links = v.links from (values ${sql.join(updates, sql`, `)})
            as v(id, links) where r.id = v.id::uuid`,
    );
    updates = [];
  };
  for (const { id: reportId } of reportIds) {
    const targets = new Set<string>([`${ORIGIN}/`]);
    while (targets.size < 20) targets.add(pick(pages).url);
    const internal = [...targets].map((key) => ({ key, anchor: 'Read more', nofollow: false }));
    const links = storedPageLinks({
      served: { internal, external: [], externalCount: 0, omitted: 0 },
      renderedOnly: null,
    });
    updates.push(sql`(${reportId}, ${links}::text)`);
    if (updates.length >= 50) await flush();
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
