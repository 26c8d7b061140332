import { randomUUID } from 'node:crypto';
import type { Engine as AnalysisEngine } from '@crawlwise/analyzer/engine';
import type { Outlink } from '@crawlwise/analyzer/page/outlinks';
import { brokenExternalLabel } from '@crawlwise/analyzer/site/site-findings';
import type { ExternalLinkCheck } from '@crawlwise/analyzer/site/site-graph';
import { DEFAULT_CRAWL_MAX_EXTERNAL } from '@crawlwise/shared/site-check';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Db, inTransaction, queryRows } from '../db/database.ts';
import { settleSiteCheck } from '../db/tables/site-checks.ts';
import type { HostPace, PaceTurn, TurnEnd } from './host-pace.ts';
import { TURN_HOLD_SECONDS } from './job-queue.ts';

/**
 * A crawl's external-link option on the server (issue 19.3; docs/site-checks.md, "External
 * links"). Off by default. When a crawl page's analysis is written, the frontier records the
 * page's distinct external targets (at most `maxExternal` per check, in the order the crawl
 * finds them) and the links to them; a worker then asks each target once, as the CLI does
 * (`Engine.linkStatus`: one GET through the address guard, redirects followed and each hop
 * checked, body unread; a target its robots.txt disallows by a rule is recorded, not asked).
 *
 * Each ask takes its host's turn in `host_pace`, like a site page (services/host-pace.ts): one
 * request per host at a time, the next one interval after the answer, across every worker and
 * check, so a site linking 500 times to one host asks it at the server's pace. Each target is a
 * leased row (`site_external_targets`): a worker that dies mid-ask loses it to the lease, and an
 * answer is written once, by the lease holder. The check completes only once every target has
 * its answer (db/tables/site-checks.ts), so the finished report is whole.
 */

/** A claimed target counts this many attempts before the sweep gives up on it. */
export const MAX_TARGET_ATTEMPTS = 3;
/** The error recorded for a target the sweep gave up on (not a broken link: nothing was learnt). */
export const TARGET_ABANDONED = 'analysis_failed';

/** Host name of a crawl key, lower-cased: the `host_pace` row (as `site_checks.host`). */
export function paceHostOf(key: string): string | null {
  try {
    const url = new URL(key);
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? url.hostname.toLowerCase()
      : null;
  } catch {
    return null;
  }
}

/**
 * Records a finished page's external links (inside the transaction that writes its analysis,
 * under its check's row lock): new targets while the check has room for them, then the page's
 * links to every target the check asks. Returns how many targets were added.
 */
export async function recordExternalLinks(
  tx: Db,
  page: { siteCheckId: string; reportId: string },
  links: readonly Outlink[],
  maxExternal = DEFAULT_CRAWL_MAX_EXTERNAL,
): Promise<number> {
  const targets = links.flatMap((link) => {
    const host = paceHostOf(link.key);
    return host === null ? [] : [{ ...link, host }];
  });
  if (targets.length === 0) return 0;
  const [counted] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from site_external_targets where site_check_id = ${page.siteCheckId}`,
  );
  const room = Math.max(0, maxExternal - Number(counted?.n ?? 0));
  let added = 0;
  if (room > 0) {
    const values = targets.map(
      (target, index) => sql`(${target.key}, ${target.host}, ${index}::int)`,
    );
    const inserted = await queryRows<{ host: string }>(
      tx,
      sql`insert into site_external_targets (site_check_id, target_url, host)
          select ${page.siteCheckId}::uuid, v.url, v.host
          from (values ${sql.join(values, sql`, `)}) as v(url, host, position)
          where not exists (select 1 from site_external_targets t
            where t.site_check_id = ${page.siteCheckId} and t.target_url = v.url)
          order by v.position
          limit ${room}
          on conflict do nothing
          returning host`,
    );
    added = inserted.length;
    const hosts = [...new Set(inserted.map((row) => String(row.host)))];
    if (hosts.length > 0) {
      // Each host is paced through its row, as a site's is (created once, kept afterwards).
      await tx.execute(
        sql`insert into host_pace (host) values ${sql.join(
          hosts.map((host) => sql`(${host})`),
          sql`, `,
        )} on conflict do nothing`,
      );
    }
  }
  const linkRows: SQL[] = targets.map((target) => sql`(${target.key}, ${target.anchor})`);
  await tx.execute(
    sql`insert into site_external_links (site_check_id, source_report_id, target_url, anchor)
        select ${page.siteCheckId}::uuid, ${page.reportId}::uuid, v.url, v.anchor
        from (values ${sql.join(linkRows, sql`, `)}) as v(url, anchor)
        where exists (select 1 from site_external_targets t
          where t.site_check_id = ${page.siteCheckId} and t.target_url = v.url)`,
  );
  return added;
}

/** A target row a claim may take: unanswered and free, or abandoned by a dead worker. */
const claimable = (alias: string) =>
  sql.raw(`${alias}.checked_at is null
    and (${alias}.lease_expires_at is null
      or (${alias}.lease_expires_at < now() and ${alias}.attempts < ${MAX_TARGET_ATTEMPTS}))`);

export interface ExternalTargetJob {
  /** The target row's id (as text: the job kinds' ids are strings). */
  id: string;
  siteCheckId: string;
  target: string;
  attempts: number;
  turn: PaceTurn;
}

export class ExternalLinkChecks {
  constructor(
    private readonly database: Database,
    private readonly pace: HostPace,
    readonly leaseSeconds: number,
  ) {}

  /**
   * Takes a host's turn and one of its unanswered targets of a running check, in one statement,
   * as `JobQueue.claimSitePage` does for pages: the host's pace row is locked (`skip locked`: no
   * two workers take one turn) and held for TURN_HOLD_SECONDS until the answer ends the turn.
   */
  async claim(workerId: string): Promise<ExternalTargetJob | null> {
    const token = randomUUID();
    const pending = sql`exists (select 1 from site_external_targets t
        join site_checks s on s.id = t.site_check_id
        where t.host = p.host and s.status = 'running' and ${claimable('t')})`;
    const [row] = await queryRows(
      this.database.db,
      sql`
        with turn as (
          update host_pace hp set
            next_at = now() + make_interval(secs => ${TURN_HOLD_SECONDS}),
            last_turn_at = now(),
            turn_token = ${token}::uuid
          where hp.host = (
            select p.host from host_pace p
            where p.next_at <= now() and ${pending}
            order by p.next_at
            limit 1
            for update of p skip locked
          )
          returning hp.host, hp.crawl_delay_ms
        ),
        claimed as (
          update site_external_targets set
            attempts = attempts + 1,
            lease_owner = ${workerId},
            lease_expires_at = now() + make_interval(secs => ${this.leaseSeconds})
          where id = (
            select t.id from site_external_targets t
            join site_checks s on s.id = t.site_check_id
            where t.host = (select host from turn) and s.status = 'running' and ${claimable('t')}
            order by t.id
            limit 1
            for update of t skip locked
          )
          returning id, site_check_id, target_url, attempts
        )
        select claimed.*, turn.host as pace_host, turn.crawl_delay_ms as pace_crawl_delay_ms
        from turn left join claimed on true`,
    );
    if (!row) return null;
    const turn: PaceTurn = {
      host: String(row.pace_host),
      token,
      crawlDelayMs: Number(row.pace_crawl_delay_ms ?? 0),
    };
    if (row.id === null || row.id === undefined) {
      await this.pace.endTurn(turn, { requested: false });
      return null;
    }
    return {
      id: String(row.id),
      siteCheckId: String(row.site_check_id),
      target: String(row.target_url),
      attempts: Number(row.attempts),
      turn,
    };
  }

  async extendLease(id: string, workerId: string): Promise<boolean> {
    const rows = await queryRows(
      this.database.db,
      sql`update site_external_targets
          set lease_expires_at = now() + make_interval(secs => ${this.leaseSeconds})
          where id = ${id}::bigint and lease_owner = ${workerId} and checked_at is null
          returning id`,
    );
    return rows.length > 0;
  }

  /** Gives a target back untouched at shutdown (the attempt does not count). */
  async release(id: string, workerId: string): Promise<void> {
    await this.database.db.execute(
      sql`update site_external_targets set attempts = greatest(attempts - 1, 0),
            lease_owner = null, lease_expires_at = null
          where id = ${id}::bigint and lease_owner = ${workerId} and checked_at is null`,
    );
    await this.database.notifyJobs();
  }

  /**
   * Asks the target how it answers and writes the answer (once, from the lease holder); the
   * host's turn ends as soon as the answer is in. Returns whether the answer was accepted.
   */
  async run(job: ExternalTargetJob, workerId: string, engine: AnalysisEngine): Promise<boolean> {
    let end: TurnEnd = { requested: false };
    let answer: Pick<ExternalLinkCheck, 'status' | 'finalUrl' | 'error'>;
    try {
      const permission = await engine.crawlPermission(job.target).catch(() => null);
      if (permission) await this.pace.noteCrawlDelay(job.turn, permission.crawlDelaySeconds);
      // Only a rule keeps the target unasked (as in the CLI): a robots.txt that cannot be read
      // says nothing about the link, and a dead host is exactly what the check is for.
      if (permission && !permission.allowed && permission.rule !== null) {
        answer = { status: null, finalUrl: null, error: 'blocked_by_robots' };
      } else {
        const started = performance.now();
        answer = await engine.linkStatus(job.target);
        const throttled = answer.status === 429 || answer.status === 503;
        end = {
          requested: true,
          signal: throttled
            ? { kind: 'throttled' }
            : answer.status === null
              ? null
              : { kind: 'answered', ttfbMs: performance.now() - started },
        };
      }
    } catch {
      answer = { status: null, finalUrl: null, error: 'internal_error' };
      end = { requested: true, signal: null };
    }
    // The turn ends as soon as the answer is in (a failed end leaves it to its hold).
    await this.pace.endTurn(job.turn, end).catch(() => {});
    return this.write(job, workerId, answer);
  }

  private write(
    job: ExternalTargetJob,
    workerId: string,
    answer: Pick<ExternalLinkCheck, 'status' | 'finalUrl' | 'error'>,
  ): Promise<boolean> {
    return inTransaction(this.database.db, async (tx) => {
      // The check's row first, as a page's end does: the last answer completes the check.
      await tx.execute(sql`select id from site_checks where id = ${job.siteCheckId} for update`);
      const written = await queryRows(
        tx,
        sql`update site_external_targets set status = ${answer.status},
              final_url = ${answer.finalUrl}, error = ${answer.error}, checked_at = now(),
              lease_owner = null, lease_expires_at = null
            where id = ${job.id}::bigint and lease_owner = ${workerId} and checked_at is null
            returning id`,
      );
      if (written.length > 0) await settleSiteCheck(tx, job.siteCheckId);
      return written.length > 0;
    });
  }

  /**
   * Gives up on targets whose asks kept dying (their last lease ran out): answered with
   * TARGET_ABANDONED, which no finding reads as broken, so their checks can complete. The
   * worker's sweep settles those checks next.
   */
  async sweep(): Promise<number> {
    const rows = await queryRows(
      this.database.db,
      sql`update site_external_targets set error = ${TARGET_ABANDONED}, checked_at = now(),
            lease_owner = null, lease_expires_at = null
          where checked_at is null and lease_expires_at < now()
            and attempts >= ${MAX_TARGET_ATTEMPTS}
          returning id`,
    );
    return rows.length;
  }
}

/** How far a crawl's external-link check is (null when the crawl does not check them). */
export async function externalProgress(
  db: Db,
  siteCheckId: string,
): Promise<{ total: number; checked: number }> {
  const [row] = await queryRows<{ total: number; checked: number }>(
    db,
    sql`select count(*)::int as total, count(checked_at)::int as checked
        from site_external_targets where site_check_id = ${siteCheckId}`,
  );
  return { total: Number(row?.total ?? 0), checked: Number(row?.checked ?? 0) };
}

/**
 * A crawl's answered external targets as the site findings read them, with the pages linking to
 * each target that is broken (brokenExternalLabel, the analyzer's rule; the others need no
 * sources, so a site linking out thousands of times loads only what the report shows).
 */
export async function loadExternalChecks(
  db: Db,
  siteCheckId: string,
): Promise<ExternalLinkCheck[]> {
  const rows = await queryRows(
    db,
    sql`select target_url, status, final_url, error from site_external_targets
        where site_check_id = ${siteCheckId} and checked_at is not null
        order by id`,
  );
  const checks = rows.map(
    (row): ExternalLinkCheck & { sources: Array<{ url: string; anchor: string }> } => ({
      target: String(row.target_url),
      status: row.status === null ? null : Number(row.status),
      finalUrl: row.final_url === null ? null : String(row.final_url),
      error: row.error === null ? null : String(row.error),
      sources: [],
    }),
  );
  const broken = new Map(
    checks.filter((check) => brokenExternalLabel(check) !== null).map((c) => [c.target, c]),
  );
  if (broken.size > 0) {
    const links = await queryRows(
      db,
      sql`select l.target_url, u.normalized_url as source, l.anchor
          from site_external_links l join reports r on r.id = l.source_report_id
            join urls u on u.id = r.url_id
          where l.site_check_id = ${siteCheckId} and r.deleted_at is null
            and l.target_url in (${sql.join(
              [...broken.keys()].map((target) => sql`${target}`),
              sql`, `,
            )})
          order by l.id`,
    );
    for (const link of links) {
      broken.get(String(link.target_url))?.sources.push({
        url: String(link.source),
        anchor: String(link.anchor),
      });
    }
  }
  return checks;
}
