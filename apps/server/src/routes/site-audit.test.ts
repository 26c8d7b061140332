import {
  AUDIT_PAGE_SORTS,
  AUDIT_PAGE_STATES,
  type AuditCompareResponse,
  type AuditDiffResponse,
  type AuditDuplicatesResponse,
  type AuditIssue,
  type AuditIssueItem,
  type AuditLinkRow,
  type AuditOverviewResponse,
  type AuditPageRow,
  type AuditStructureResponse,
  NON_INDEXABLE_REASONS,
} from '@crawlwise/shared/api/site-audit';
import type { SiteReport } from '@crawlwise/shared/api/site-checks';
import { waitUntil } from '@crawlwise/shared/wait-until';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type GeneratedSite,
  generateSite,
} from '../../../../bench/site-generator/generate-site.ts';
import type { FindingId } from '../../../../bench/site-generator/manifest.ts';
import { type ServedSite, serveSite } from '../../../../bench/site-generator/serve-site.ts';
import {
  AUDIT_DUPLICATES_CSV_COLUMNS,
  AUDIT_LINKS_CSV_COLUMNS,
  AUDIT_PAGES_CSV_COLUMNS,
} from '../services/site-audit-csv.ts';
import { call, signUp, type TestAccount } from '../test-support/accounts.ts';
import { parseCsv } from '../test-support/csv.ts';
import { waitForSiteCheckEnd } from '../test-support/site-check-end.ts';
import { buildTestApp, testWorker } from '../test-support/test-app.ts';

/**
 * The audit workspace's pages and issues (issue 20) over a real crawl of the generated 300-page
 * site (bench/site-generator, the manifest written from the generator's plan): the worker builds
 * the snapshot when the crawl ends, and every filter, sort and page of the lists is checked
 * against the full list, the manifest and the site report.
 */

let app: FastifyInstance;
let site: GeneratedSite;
let served: ServedSite;
let owner: TestAccount;
let stranger: TestAccount;
let id: string;
let report: SiteReport;
let all: AuditPageRow[];
let issues: AuditIssue[];
/** An overview read while the crawl ran, once its snapshot had been built. */
let running: AuditOverviewResponse | null = null;

const get = (path: string, account: TestAccount | null = owner) =>
  call(app, 'GET', path, account ? { cookie: account.cookie } : {});

async function readAll<Row>(path: string, pageSize = 200): Promise<{ total: number; rows: Row[] }> {
  const rows: Row[] = [];
  let total = 0;
  for (let page = 1; ; page += 1) {
    const glue = path.includes('?') ? '&' : '?';
    const response = await get(`${path}${glue}page=${page}&pageSize=${pageSize}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    total = body.total;
    rows.push(...body.rows);
    if (body.rows.length < pageSize) return { total, rows };
  }
}

/**
 * Crawls the served site with a worker until the check ends and the worker has built its
 * snapshot; optionally reads the overview while the crawl runs (into `running`).
 */
async function crawlAndBuild(watchRunning: boolean): Promise<{ id: string; report: SiteReport }> {
  const started = await call(app, 'POST', '/api/site-checks', {
    cookie: owner.cookie,
    payload: { siteUrl: served.expected.startUrl, source: 'crawl', crawl: { maxPages: 500 } },
  });
  expect(started.statusCode, started.body).toBe(201);
  const checkId = started.json().siteCheck.id as string;
  // Before any build the lists say so: empty, builtAt null.
  const early = (await get(`/api/site-checks/${checkId}/audit/pages`)).json();
  expect(early).toMatchObject({ ok: true, total: 0, builtAt: null, rows: [] });

  const worker = testWorker(app, { concurrency: 2, pollIntervalMs: 20, auditIntervalMs: 200 });
  await worker.start();
  try {
    const ended = await waitForSiteCheckEnd<{
      siteCheck: { status: string; completedAt: string };
      report: SiteReport;
    }>(app, owner.cookie, checkId, {
      timeoutMs: 240_000,
      intervalMs: 500,
      what: 'the crawl of 300 pages to end',
      whileRunning: async (status) => {
        if (!watchRunning || running !== null || status !== 'running') return;
        const overview = (await get(`/api/site-checks/${checkId}/audit/overview`)).json();
        if (overview.builtAt !== null && overview.siteCheck.status === 'running') {
          running = overview;
        }
      },
    });
    expect(ended.siteCheck.status).toBe('completed');
    // The worker builds the ended check's snapshot (never a GET): it is newer than the end.
    const completedAt = Date.parse(ended.siteCheck.completedAt);
    await waitUntil(
      async () => {
        const { builtAt } = (await get(`/api/site-checks/${checkId}/audit/issues`)).json();
        return builtAt !== null && Date.parse(builtAt) >= completedAt ? true : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 100, what: 'the audit snapshot of the ended crawl' },
    );
    return { id: checkId, report: ended.report };
  } finally {
    await worker.stop();
  }
}

beforeAll(async () => {
  // The server reads the site's responses on each request: the compare test changes them.
  site = generateSite({ pages: 300, seed: 'crawl-tests', origin: 'https://site.test' });
  served = await serveSite(site);
  ({ app } = await buildTestApp({ SITE_CHECK_PAGE_INTERVAL_MS: '0' }));
  owner = await signUp(app);
  stranger = await signUp(app);
  const crawled = await crawlAndBuild(true);
  id = crawled.id;
  report = crawled.report;
  all = (await readAll<AuditPageRow>(`/api/site-checks/${id}/audit/pages?sort=url`)).rows;
  issues = (await get(`/api/site-checks/${id}/audit/issues`)).json().issues;
}, 280_000);

afterAll(async () => {
  await app?.close();
  await served?.close();
});

describe('audit pages', () => {
  it('lists every address of the crawl once, with the facts the manifest planted', () => {
    const { expected } = served;
    const urls = all.map((row) => row.url);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of [...expected.crawl.requested, ...expected.crawl.blocked]) {
      expect(urls, url).toContain(url);
    }
    const byUrl = new Map(all.map((row) => [row.url, row]));
    for (const facts of expected.pages) {
      const row = byUrl.get(facts.url);
      if (!row) throw new Error(`${facts.url} is not in the audit`);
      expect(row.inSitemap, facts.url).toBe(facts.inSitemap);
      if (row.state === 'completed') {
        expect(row.indexable, facts.url).toBe(facts.indexable);
        expect(row.depth, facts.url).toBe(facts.depth);
        expect(row.inbound, facts.url).toBe(facts.inbound);
        expect(row.httpStatus, facts.url).toBe(facts.status);
        expect(row.accessToken, facts.url).not.toBeNull();
      } else {
        expect(row.indexable, facts.url).toBe(false);
        expect(row.nonIndexableReason, facts.url).not.toBeNull();
      }
      if (facts.status === 404) expect(row).toMatchObject({ state: 'failed', httpStatus: 404 });
      if (facts.status >= 300 && facts.status < 400 && row.state !== 'failed') {
        expect(row).toMatchObject({ state: 'redirected', nonIndexableReason: 'redirect' });
      }
    }
    for (const url of expected.crawl.blocked) {
      expect(byUrl.get(url)).toMatchObject({ state: 'blocked', nonIndexableReason: 'blocked' });
    }
    // The site report's pages are the audit's completed, failed and cancelled addresses.
    const reported = report.pages.map((page) => page.url).sort();
    const listed = all
      .filter((row) => ['completed', 'failed', 'cancelled', 'pending'].includes(row.state))
      .map((row) => row.url)
      .sort();
    expect(listed).toEqual(reported);
    for (const page of report.pages) {
      expect(byUrl.get(page.url)).toMatchObject({
        score: page.score,
        depth: page.depth,
        inbound: page.inbound,
        linkScore: page.linkScore,
        title: page.title,
      });
    }
  });

  it('sorts by every column in both directions, empty values last, and pages without gaps', async () => {
    const key: Record<(typeof AUDIT_PAGE_SORTS)[number], (row: AuditPageRow) => unknown> = {
      url: (row) => row.url,
      state: (row) => row.state,
      score: (row) => row.score,
      depth: (row) => row.depth,
      inbound: (row) => row.inbound,
      linkScore: (row) => row.linkScore,
      title: (row) => row.title,
      words: (row) => row.words,
    };
    const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    for (const sort of AUDIT_PAGE_SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        const { total, rows } = await readAll<AuditPageRow>(
          `/api/site-checks/${id}/audit/pages?sort=${sort}&dir=${dir}`,
          37,
        );
        expect(total).toBe(all.length);
        expect(rows.map((row) => row.url).sort()).toEqual(all.map((row) => row.url).sort());
        for (let index = 1; index < rows.length; index += 1) {
          const a = key[sort](rows[index - 1]!);
          const b = key[sort](rows[index]!);
          const where = `${sort} ${dir} at ${index}`;
          if (a === null) {
            expect(b, where).toBeNull();
          } else if (b !== null && a !== b) {
            // Numbers exactly; text follows the database's collation, so only its grouping is
            // checked (below: equal values are next to each other, by address).
            if (typeof a === 'number' && typeof b === 'number') {
              expect(dir === 'asc' ? a - b : b - a, where).toBeLessThan(0);
            }
            if (sort === 'url') {
              expect(byCode(String(a), String(b)) * (dir === 'asc' ? 1 : -1), where).toBe(-1);
            }
          } else if (b !== null) {
            expect(byCode(rows[index - 1]!.url, rows[index]!.url), where).toBeLessThanOrEqual(0);
          }
        }
      }
    }
    // Beyond the last page: no rows, the total still said.
    const past = (await get(`/api/site-checks/${id}/audit/pages?page=99&pageSize=200`)).json();
    expect(past).toMatchObject({ total: all.length, page: 99, rows: [] });
  });

  it('filters by state, indexability, search and issue, each matching the full list', async () => {
    for (const state of AUDIT_PAGE_STATES) {
      const { total, rows } = await readAll<AuditPageRow>(
        `/api/site-checks/${id}/audit/pages?state=${state}`,
      );
      const expected = all.filter((row) => row.state === state).map((row) => row.url);
      expect(total, state).toBe(expected.length);
      expect(rows.map((row) => row.url).sort(), state).toEqual(expected.sort());
    }
    for (const indexable of ['yes', 'no'] as const) {
      const { total } = await readAll<AuditPageRow>(
        `/api/site-checks/${id}/audit/pages?indexable=${indexable}`,
      );
      expect(total).toBe(all.filter((row) => row.indexable === (indexable === 'yes')).length);
    }
    const titled = all.find((row) => row.title !== null && row.title.length > 8)!;
    const word = titled.title!.split(/\s+/).find((part) => part.length >= 4)!;
    const search = await readAll<AuditPageRow>(
      `/api/site-checks/${id}/audit/pages?q=${encodeURIComponent(word.toUpperCase())}`,
    );
    const matches = all.filter(
      (row) =>
        row.url.toLowerCase().includes(word.toLowerCase()) ||
        (row.title ?? '').toLowerCase().includes(word.toLowerCase()),
    );
    expect(search.total).toBe(matches.length);
    expect(search.rows.map((row) => row.url)).toContain(titled.url);
    // `%` and `_` are matched as themselves, not as wildcards.
    const wild = (
      await get(`/api/site-checks/${id}/audit/pages?q=${encodeURIComponent('%_%')}`)
    ).json();
    expect(wild.total).toBe(0);
    const broken = await readAll<AuditPageRow>(
      `/api/site-checks/${id}/audit/pages?issue=broken-internal-links&state=failed`,
    );
    expect(broken.rows.map((row) => row.url).sort()).toEqual(
      served.expected.affected['broken-internal-links'],
    );
  });

  it('exports the full filtered result as CSV, formula-safe', async () => {
    const response = await get(`/api/site-checks/${id}/audit/pages.csv?sort=depth&dir=desc`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="crawlwise-site-[\w.-]+-\d{4}-\d{2}-\d{2}-pages\.csv"$/,
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...AUDIT_PAGES_CSV_COLUMNS]);
    expect(rows).toHaveLength(all.length);
    const ordered = await readAll<AuditPageRow>(
      `/api/site-checks/${id}/audit/pages?sort=depth&dir=desc`,
    );
    expect(rows.map((row) => row[0])).toEqual(ordered.rows.map((row) => row.url));
    for (const row of rows) expect(row[0]).not.toMatch(/^[=+\-@]/);
    const filtered = parseCsv(
      (await get(`/api/site-checks/${id}/audit/pages.csv?state=failed`)).body,
    );
    expect(filtered).toHaveLength(1 + all.filter((row) => row.state === 'failed').length);
  });
});

describe('audit issues', () => {
  it('has every site finding of the site report with its count, points and items', async () => {
    const crawl = report.crawl!;
    const site = issues.filter((issue) => issue.kind === 'site');
    expect(site.map((issue) => issue.id).sort()).toEqual(
      crawl.findings.map((finding) => finding.id).sort(),
    );
    for (const finding of crawl.findings) {
      const issue = site.find((entry) => entry.id === finding.id)!;
      expect(issue).toMatchObject({
        title: finding.title,
        severity: finding.severity,
        count: finding.count,
        worth: finding.points,
        why: finding.why,
        howToFix: finding.howToFix,
      });
      const items = await readAll<AuditIssueItem>(
        `/api/site-checks/${id}/audit/issues/${finding.id}/items`,
      );
      expect(items.total).toBe(finding.count);
      expect(items.rows).toHaveLength(finding.count);
      // The report carries the first items; the audit the same ones, then the rest.
      expect(
        items.rows.slice(0, finding.items.length).map(({ accessToken: _, ...item }) => item),
      ).toEqual(finding.items);
      expect([...new Set(items.rows.map((item) => item.url))].sort(), finding.id).toEqual(
        served.expected.affected[finding.id as FindingId],
      );
    }
    // Every planted kind of problem is an issue.
    for (const [finding, urls] of Object.entries(served.expected.affected)) {
      if (urls.length > 0) expect(site.map((issue) => issue.id)).toContain(finding);
    }
  });

  it('ranks issues by worth and counts failing page checks per analysed page', async () => {
    const worths = issues.map((issue) => issue.worth);
    expect(worths).toEqual([...worths].sort((a, b) => b - a));
    const page = issues.filter((issue) => issue.kind === 'page');
    expect(page.length).toBeGreaterThan(0);
    const analysed = all.filter((row) => row.state === 'completed');
    for (const issue of page) {
      expect(issue.title).not.toBe(issue.id);
      expect(issue.why.length).toBeGreaterThan(0);
      expect(['critical', 'warning']).toContain(issue.severity);
      const items = await readAll<AuditIssueItem>(
        `/api/site-checks/${id}/audit/issues/${issue.id}/items`,
      );
      expect(items.total).toBe(issue.count);
      expect(new Set(items.rows.map((item) => item.url)).size).toBe(issue.count);
      for (const item of items.rows) {
        expect(analysed.map((row) => row.url)).toContain(item.url);
        expect(item.accessToken).not.toBeNull();
      }
      // The pages filter by issue names the same pages.
      const filtered = await readAll<AuditPageRow>(
        `/api/site-checks/${id}/audit/pages?issue=${issue.id}`,
      );
      expect(filtered.rows.map((row) => row.url).sort()).toEqual(
        items.rows.map((item) => item.url).sort(),
      );
    }
    // One affected page's own report has that check failing, with the item's message.
    const sample = page[0]!;
    const [item] = (
      await get(`/api/site-checks/${id}/audit/issues/${sample.id}/items?pageSize=1`)
    ).json().rows as AuditIssueItem[];
    const own = await call(app, 'GET', `/api/reports/${item!.accessToken}`, {
      cookie: owner.cookie,
    });
    const finding = own
      .json()
      .report.issues.find((entry: { id: string }) => entry.id === sample.id);
    expect(finding).toMatchObject({ outcome: 'failed', message: item!.detail });
  });

  it("exports issues and each issue's items in full as CSV", async () => {
    const list = parseCsv((await get(`/api/site-checks/${id}/audit/issues.csv`)).body);
    expect(list).toHaveLength(1 + issues.length);
    expect(list.slice(1).map((row) => row[1])).toEqual(issues.map((issue) => issue.id));
    const biggest = [...issues].sort((a, b) => b.count - a.count)[0]!;
    const response = await get(`/api/site-checks/${id}/audit/issues/${biggest.id}/items.csv`);
    expect(response.headers['content-disposition']).toContain(`-${biggest.id}.csv"`);
    expect(parseCsv(response.body)).toHaveLength(1 + biggest.count);
  });
});

describe('audit overview', () => {
  it('sums up the snapshot: score and ledger, pages by state and indexability, top issues', async () => {
    const response = await get(`/api/site-checks/${id}/audit/overview`);
    expect(response.statusCode).toBe(200);
    const { siteCheck, builtAt, overview } = response.json() as AuditOverviewResponse;
    expect(siteCheck.id).toBe(id);
    expect(builtAt).not.toBeNull();
    const crawl = report.crawl!;
    expect(overview.score).toBe(crawl.score);
    expect(overview.base).toBe(crawl.base);
    expect(overview.ledger).toEqual(
      [...crawl.findings]
        .sort((a, b) => b.points - a.points || b.count - a.count || a.id.localeCompare(b.id))
        .map((finding) => ({ id: finding.id, title: finding.title, points: finding.points })),
    );
    for (const state of AUDIT_PAGE_STATES) {
      expect(overview.pagesByState[state], state).toBe(
        all.filter((row) => row.state === state).length,
      );
    }
    expect(overview.indexable).toBe(all.filter((row) => row.indexable).length);
    for (const reason of NON_INDEXABLE_REASONS) {
      expect(overview.nonIndexable[reason], reason).toBe(
        all.filter((row) => row.nonIndexableReason === reason).length,
      );
    }
    expect(overview.topIssues).toEqual(issues.slice(0, 10));
    expect(overview.previous).toBeNull();
  });

  it('reports live progress: counts, pages per minute, the last pages done', async () => {
    const { siteCheck, overview } = (
      await get(`/api/site-checks/${id}/audit/overview`)
    ).json() as AuditOverviewResponse;
    const { progress } = overview;
    expect(progress).toMatchObject({
      discovered: siteCheck.counts.total,
      waiting: 0,
      done: siteCheck.counts.completed,
      failed: siteCheck.counts.failed,
      etaSeconds: null,
    });
    expect(progress.pagesPerMinute).toBeGreaterThan(0);
    expect(progress.lastPages).toHaveLength(10);
    const times = progress.lastPages.map((page) => Date.parse(page.finishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const byUrl = new Map(all.map((row) => [row.url, row]));
    for (const page of progress.lastPages) {
      expect(page.state).toBe(byUrl.get(page.url)?.state);
    }
    // While the crawl ran, its snapshot was built already and its progress was moving.
    expect(running).not.toBeNull();
    const live = running!.overview.progress;
    expect(live.discovered).toBeGreaterThanOrEqual(live.done + live.failed);
    expect(live.done).toBeLessThanOrEqual(progress.done);
    if (live.waiting > 0 && live.pagesPerMinute !== null) {
      expect(live.etaSeconds).not.toBeNull();
    }
  });
});

describe('audit links', () => {
  it('lists every broken internal link, source → target with its anchor, as planted', async () => {
    const { total, rows } = await readAll<AuditLinkRow>(
      `/api/site-checks/${id}/audit/links?kind=broken`,
    );
    expect(rows).toHaveLength(total);
    const planted = served.expected.findings['broken-internal-links'];
    const expected = planted
      .flatMap((target) =>
        target.sources.map((source) => `${source.url} → ${target.url} (${source.anchor})`),
      )
      .sort();
    expect(rows.map((row) => `${row.source} → ${row.target} (${row.anchor})`).sort()).toEqual(
      expected,
    );
    for (const row of rows) {
      const target = planted.find((entry) => entry.url === row.target)!;
      if (row.targetStatus !== null) expect(row.targetStatus, row.target).toBe(target.status);
      else expect(row.targetError, row.target).not.toBeNull();
    }
  });

  it('lists redirected links with where they end, and filters by section and status', async () => {
    const { rows } = await readAll<AuditLinkRow>(
      `/api/site-checks/${id}/audit/links?kind=redirected`,
    );
    const planted = served.expected.findings['redirected-internal-links'];
    expect(rows.map((row) => `${row.source} → ${row.target}`).sort()).toEqual(
      planted
        .flatMap((target) => target.sources.map((source) => `${source} → ${target.url}`))
        .sort(),
    );
    for (const row of rows) {
      const target = planted.find((entry) => entry.url === row.target)!;
      expect(row.finalUrl).toBe(target.finalUrl);
      expect(row.targetStatus).toBeGreaterThanOrEqual(300);
      expect(row.targetStatus).toBeLessThan(400);
    }
    const first = (await get(`/api/site-checks/${id}/audit/links?kind=broken&pageSize=1`)).json();
    expect(
      first.sections.reduce((sum: number, entry: { links: number }) => sum + entry.links, 0),
    ).toBe(first.total);
    for (const { section, links } of first.sections as Array<{ section: string; links: number }>) {
      const inSection = await readAll<AuditLinkRow>(
        `/api/site-checks/${id}/audit/links?kind=broken&section=${encodeURIComponent(section)}`,
      );
      expect(inSection.total).toBe(links);
      for (const row of inSection.rows) {
        const path = new URL(row.source).pathname;
        expect(section === '/' ? (path.split('/')[1] ?? '') : `/${path.split('/')[1]}`).toBe(
          section === '/' ? '' : section,
        );
      }
    }
    const notFound = await readAll<AuditLinkRow>(
      `/api/site-checks/${id}/audit/links?kind=broken&status=404&sort=source&dir=desc`,
    );
    expect(notFound.total).toBeGreaterThan(0);
    expect(notFound.rows.every((row) => row.targetStatus === 404)).toBe(true);
    const sources = notFound.rows.map((row) => row.source);
    expect(sources).toEqual([...sources].sort().reverse());
  });

  it('exports the full list as CSV', async () => {
    const response = await get(`/api/site-checks/${id}/audit/links.csv?kind=broken&pageSize=1`);
    expect(response.headers['content-disposition']).toContain('-links-broken.csv"');
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...AUDIT_LINKS_CSV_COLUMNS]);
    const { total } = (await get(`/api/site-checks/${id}/audit/links?kind=broken`)).json();
    expect(rows).toHaveLength(total);
  });
});

describe('audit structure', () => {
  it('has the click-depth histogram of analysed pages, orphans and the most and least linked', async () => {
    const structure = (
      await get(`/api/site-checks/${id}/audit/structure`)
    ).json() as AuditStructureResponse;
    const analysed = all.filter((row) => row.state === 'completed');
    const depths = new Map<number | null, number>();
    for (const row of analysed) depths.set(row.depth, (depths.get(row.depth) ?? 0) + 1);
    expect(structure.depthHistogram).toHaveLength(depths.size);
    for (const bar of structure.depthHistogram) expect(bar.pages).toBe(depths.get(bar.depth));
    expect(structure.orphans).toBe(served.expected.affected['orphan-pages'].length);
    expect(structure.mostLinked).toHaveLength(20);
    const most = structure.mostLinked.map((page) => page.inbound);
    expect(most).toEqual([...most].sort((a, b) => b - a));
    expect(most[0]).toBe(Math.max(...analysed.map((row) => row.inbound ?? 0)));
    const least = structure.leastLinked.map((page) => page.inbound);
    expect(least).toEqual([...least].sort((a, b) => a - b));
    expect(structure.leastLinked.every((page) => page.accessToken !== null)).toBe(true);
  });
});

describe('audit duplicates', () => {
  it('lists the planted near-duplicate clusters, largest first, and exports every member', async () => {
    const { total, rows } = await readAll<AuditDuplicatesResponse['rows'][number]>(
      `/api/site-checks/${id}/audit/duplicates`,
      1,
    );
    const planted = served.expected.findings['near-duplicates'];
    expect(total).toBe(planted.length);
    const clusters = rows.map((cluster) => cluster.members.map((member) => member.url).sort());
    expect(clusters.map((members) => members.join(' ')).sort()).toEqual(
      planted.map((members) => [...members].sort().join(' ')).sort(),
    );
    const sizes = rows.map((cluster) => cluster.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(rows.map((cluster) => cluster.cluster)).toEqual(rows.map((_, index) => index + 1));
    for (const cluster of rows) {
      expect(cluster.similarity).toBeGreaterThanOrEqual(0.8);
      expect(cluster.members.every((member) => member.words !== null)).toBe(true);
    }
    const csv = parseCsv((await get(`/api/site-checks/${id}/audit/duplicates.csv`)).body);
    expect(csv[0]).toEqual([...AUDIT_DUPLICATES_CSV_COLUMNS]);
    expect(csv).toHaveLength(1 + sizes.reduce((sum, size) => sum + size, 0));
  });

  it('shows two members side by side, marking the blocks they share', async () => {
    const [cluster] = (await get(`/api/site-checks/${id}/audit/duplicates?pageSize=1`)).json()
      .rows as AuditDuplicatesResponse['rows'];
    const [a, b] = cluster!.members;
    const query = `a=${encodeURIComponent(a!.url)}&b=${encodeURIComponent(b!.url)}`;
    const response = await get(`/api/site-checks/${id}/audit/duplicates/diff?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const diff = response.json() as AuditDiffResponse;
    expect(diff.a.url).toBe(a!.url);
    expect(diff.b.url).toBe(b!.url);
    for (const side of [diff.a, diff.b]) {
      expect(side.blocks.length).toBeGreaterThan(0);
      // Near-duplicates: most of the text is the same.
      const shared = side.blocks.filter((block) => block.shared).length;
      expect(shared / side.blocks.length).toBeGreaterThan(0.5);
    }
    // The shared blocks are the same texts on both sides.
    const sharedText = (side: AuditDiffResponse['a']) =>
      side.blocks
        .filter((block) => block.shared)
        .map((block) => block.text.toLowerCase())
        .sort();
    expect(sharedText(diff.a)).toEqual(sharedText(diff.b));
    const missing = await get(
      `/api/site-checks/${id}/audit/duplicates/diff?a=${encodeURIComponent(a!.url)}&b=${encodeURIComponent('https://elsewhere.test/')}`,
    );
    expect([missing.statusCode, missing.json().error]).toEqual([404, 'site_audit_page_not_found']);
  });
});

describe('audit access', () => {
  it('answers only the signed-in owner, and refuses bad paging', async () => {
    for (const path of [
      `/api/site-checks/${id}/audit/pages`,
      `/api/site-checks/${id}/audit/pages.csv`,
      `/api/site-checks/${id}/audit/issues`,
      `/api/site-checks/${id}/audit/issues.csv`,
      `/api/site-checks/${id}/audit/issues/deep-pages/items`,
      `/api/site-checks/${id}/audit/issues/deep-pages/items.csv`,
      `/api/site-checks/${id}/audit/overview`,
      `/api/site-checks/${id}/audit/links`,
      `/api/site-checks/${id}/audit/links.csv`,
      `/api/site-checks/${id}/audit/structure`,
      `/api/site-checks/${id}/audit/duplicates`,
      `/api/site-checks/${id}/audit/duplicates.csv`,
      `/api/site-checks/${id}/audit/duplicates/diff?a=x&b=y`,
      `/api/site-checks/${id}/audit/compare/${id}`,
    ]) {
      const foreign = await get(path, stranger);
      expect(foreign.statusCode, path).toBe(404);
      expect(foreign.json().error, path).toBe('site_check_not_found');
      expect((await get(path, null)).statusCode, path).toBe(401);
    }
    const tooBig = await get(`/api/site-checks/${id}/audit/pages?pageSize=500`);
    expect(tooBig.statusCode).toBe(400);
    const badSort = await get(`/api/site-checks/${id}/audit/pages?sort=password`);
    expect(badSort.statusCode).toBe(400);
    const unknown = (await get(`/api/site-checks/${id}/audit/issues/no-such-issue/items`)).json();
    expect(unknown).toMatchObject({ ok: true, total: 0, rows: [] });
  });
});

describe('audit compare (runs last: it changes the site and crawls it again)', () => {
  it('names the issues new and fixed, the pages added and removed, after the site changed', async () => {
    const path = (url: string) => new URL(url).pathname;
    // Fix the orphans (the home page links to them), add a page, remove a linked page.
    const orphans = served.expected.affected['orphan-pages'];
    expect(orphans.length).toBeGreaterThan(0);
    const removed = all
      .filter((row) => row.state === 'completed' && (row.depth ?? 0) >= 2 && row.inbound === 1)
      .find((row) => !orphans.includes(row.url))!;
    site.responses.delete(path(removed.url));
    const home = site.responses.get('/')!;
    const added = '/audit-compare-new-page';
    const links = [...orphans.map(path), added]
      .map((href, index) => `<a href="${href}">Link ${index}</a>`)
      .join(' ');
    site.responses.set('/', { ...home, body: home.body.replace('</body>', `${links}</body>`) });
    site.responses.set(added, {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: `<!doctype html><html lang="en"><head><title>A page added between two crawls</title></head><body><main><h1>Added</h1><p>${'Fresh words about something new. '.repeat(30)}</p></main></body></html>`,
    });
    // A new day for the daily page allowance (one account crawls the site twice).
    await app.database.db.execute(sql`delete from throttle_events where kind = 'site_page'`);
    const second = await crawlAndBuild(false);

    const response = await get(`/api/site-checks/${second.id}/audit/compare/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const compared = response.json() as AuditCompareResponse;
    // The earlier crawl is the baseline whichever way round it is asked.
    expect([compared.before.id, compared.after.id]).toEqual([id, second.id]);
    const reversed = (await get(`/api/site-checks/${id}/audit/compare/${second.id}`)).json();
    expect(reversed).toEqual(compared);
    expect(compared.score).toEqual({
      before: report.crawl!.score,
      after: second.report.crawl!.score,
    });
    const change = (issueId: string) => compared.issues.find((issue) => issue.id === issueId);
    expect(change('orphan-pages')).toMatchObject({ change: 'fixed', after: 0 });
    expect(change('orphan-pages')!.before).toBe(orphans.length);
    // The removed page is now a broken link target of the second crawl.
    expect(change('broken-internal-links')!.after).toBeGreaterThan(0);
    const brokenNow = await readAll<AuditIssueItem>(
      `/api/site-checks/${second.id}/audit/issues/broken-internal-links/items`,
    );
    expect(brokenNow.rows.map((item) => item.url)).toContain(removed.url);
    expect(compared.pagesAdded.urls).toContain(`${new URL(served.url).origin}${added}`);
    expect(compared.pagesRemoved.urls).toContain(removed.url);
    expect(compared.pagesAdded.total).toBeGreaterThanOrEqual(compared.pagesAdded.urls.length);
    const moves = compared.scoreChanges.map((entry) => Math.abs(entry.after - entry.before));
    expect(moves.every((move) => move > 0)).toBe(true);
    expect(moves).toEqual([...moves].sort((a, b) => b - a));

    // The second crawl's overview names the first as its previous crawl.
    const { overview } = (
      await get(`/api/site-checks/${second.id}/audit/overview`)
    ).json() as AuditOverviewResponse;
    expect(overview.previous).toMatchObject({
      siteCheckId: id,
      score: compared.score.before,
      scoreDelta: compared.score.after! - compared.score.before!,
      newIssues: compared.issues.filter((issue) => issue.change === 'new').length,
      fixedIssues: compared.issues.filter((issue) => issue.change === 'fixed').length,
    });
  }, 300_000);

  it('compares only two crawls of the same site by the same account', async () => {
    const self = await get(`/api/site-checks/${id}/audit/compare/${id}`);
    expect([self.statusCode, self.json().error]).toEqual([400, 'site_check_compare_mismatch']);
    const list = await call(app, 'POST', '/api/site-checks', {
      cookie: owner.cookie,
      payload: {
        siteUrl: served.expected.startUrl,
        source: 'list',
        list: served.expected.startUrl,
      },
    });
    expect(list.statusCode, list.body).toBe(201);
    const listId = list.json().siteCheck.id as string;
    await call(app, 'POST', `/api/site-checks/${listId}/cancel`, { cookie: owner.cookie });
    const mixed = await get(`/api/site-checks/${id}/audit/compare/${listId}`);
    expect([mixed.statusCode, mixed.json().error]).toEqual([400, 'site_check_compare_mismatch']);
    const foreign = await get(
      `/api/site-checks/${id}/audit/compare/00000000-0000-4000-8000-000000000000`,
    );
    expect([foreign.statusCode, foreign.json().error]).toEqual([404, 'site_check_not_found']);
  });
});
