import { randomUUID } from 'node:crypto';
import type { Engine as AnalysisEngine } from '@crawlwise/analyzer/engine';
import type { Outlink } from '@crawlwise/analyzer/page/outlinks';
import { brokenExternalLabel } from '@crawlwise/analyzer/site/site-findings';
import type { ExternalLinkCheck } from '@crawlwise/analyzer/site/site-graph';
import { DEFAULT_CRAWL_MAX_EXTERNAL } from '@crawlwise/shared/site-check';
import { type SQL, sql } from 'drizzle-orm';
import { col, type Database, type Db, inTransaction, queryRows } from '../db/database.ts';
import { reports, siteChecks, siteExternalLinks, siteExternalTargets, urls } from '../db/schema.ts';
import { lockSiteCheck, settleSiteCheck } from '../db/tables/site-checks.ts';
import {
  ensureHostPaces,
  type HostPace,
  type PaceTurn,
  type TurnEnd,
  takeHostTurn,
} from './host-pace.ts';

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
    sql`select count(*)::int as n from ${siteExternalTargets}
        where ${siteExternalTargets.siteCheckId} = ${page.siteCheckId}`,
  );
  const room = Math.max(0, maxExternal - Number(counted?.n ?? 0));
  let added = 0;
  if (room > 0) {
    const values = targets.map(
      (target, index) => sql`(${target.key}, ${target.host}, ${index}::int)`,
    );
    const inserted = await queryRows<{ host: string }>(
      tx,
      sql`insert into ${siteExternalTargets} (${col(siteExternalTargets.siteCheckId)},
            ${col(siteExternalTargets.targetUrl)}, ${col(siteExternalTargets.host)})
          select ${page.siteCheckId}::uuid, v.url, v.host
          from (values ${sql.join(values, sql`, `)}) as v(url, host, position)
          where not exists (select 1 from ${siteExternalTargets}
            where ${siteExternalTargets.siteCheckId} = ${page.siteCheckId}
              and ${siteExternalTargets.targetUrl} = v.url)
          order by v.position
          limit ${room}
          on conflict do nothing
          returning ${col(siteExternalTargets.host)} as host`,
    );
    added = inserted.length;
    const hosts = [...new Set(inserted.map((row) => String(row.host)))];
    if (hosts.length > 0) {
      // Each host is paced through its row, as a site's is (created once, kept afterwards).
      await ensureHostPaces(tx, hosts);
    }
  }
  const linkRows: SQL[] = targets.map((target) => sql`(${target.key}, ${target.anchor})`);
  await tx.execute(
    sql`insert into ${siteExternalLinks} (${col(siteExternalLinks.siteCheckId)},
          ${col(siteExternalLinks.sourceReportId)}, ${col(siteExternalLinks.targetUrl)},
          ${col(siteExternalLinks.anchor)})
        select ${page.siteCheckId}::uuid, ${page.reportId}::uuid, v.url, v.anchor
        from (values ${sql.join(linkRows, sql`, `)}) as v(url, anchor)
        where exists (select 1 from ${siteExternalTargets}
          where ${siteExternalTargets.siteCheckId} = ${page.siteCheckId}
            and ${siteExternalTargets.targetUrl} = v.url)`,
  );
  return added;
}

/** A target row a claim may take: unanswered and free, or abandoned by a dead worker. */
const claimable = sql`${siteExternalTargets.checkedAt} is null
    and (${siteExternalTargets.leaseExpiresAt} is null
      or (${siteExternalTargets.leaseExpiresAt} < now()
        and ${siteExternalTargets.attempts} < ${MAX_TARGET_ATTEMPTS}))`;

/** "An answer-pending target of a running check" (site_external_targets joined to its check). */
const pendingTargets = sql`${siteExternalTargets} join ${siteChecks}
    on ${siteChecks.id} = ${siteExternalTargets.siteCheckId}
  where ${siteChecks.status} = 'running' and ${claimable}`;

/** "Not answered yet, leased by this worker". */
const heldTarget = (id: string, workerId: string) =>
  sql`${siteExternalTargets.id} = ${id}::bigint and ${siteExternalTargets.leaseOwner} = ${workerId}
    and ${siteExternalTargets.checkedAt} is null`;

/** The set clause of an answered target: answered now, its lease dropped. */
const answered = sql`${col(siteExternalTargets.checkedAt)} = now(), ${col(siteExternalTargets.leaseOwner)} = null,
  ${col(siteExternalTargets.leaseExpiresAt)} = null`;

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
    const [row] = await queryRows(
      this.database.db,
      sql`
        with turn as (${takeHostTurn(
          token,
          (host) => sql`exists (select 1 from ${pendingTargets}
            and ${siteExternalTargets.host} = ${host})`,
        )}),
        claimed as (
          update ${siteExternalTargets} set
            ${col(siteExternalTargets.attempts)} = ${siteExternalTargets.attempts} + 1,
            ${col(siteExternalTargets.leaseOwner)} = ${workerId},
            ${col(siteExternalTargets.leaseExpiresAt)} =
              now() + make_interval(secs => ${this.leaseSeconds})
          where ${siteExternalTargets.id} = (
            select ${siteExternalTargets.id} from ${pendingTargets}
              and ${siteExternalTargets.host} = (select host from turn)
            order by ${siteExternalTargets.id}
            limit 1
            for update of ${siteExternalTargets} skip locked
          )
          returning ${siteExternalTargets.id} as id, ${siteExternalTargets.siteCheckId} as site_check_id,
            ${siteExternalTargets.targetUrl} as target_url, ${siteExternalTargets.attempts} as attempts
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
      sql`update ${siteExternalTargets}
          set ${col(siteExternalTargets.leaseExpiresAt)} = now() + make_interval(secs => ${this.leaseSeconds})
          where ${heldTarget(id, workerId)}
          returning ${siteExternalTargets.id} as id`,
    );
    return rows.length > 0;
  }

  /** Gives a target back untouched at shutdown (the attempt does not count). */
  async release(id: string, workerId: string): Promise<void> {
    await this.database.db.execute(
      sql`update ${siteExternalTargets} set ${col(siteExternalTargets.attempts)} = greatest(${siteExternalTargets.attempts} - 1, 0),
            ${col(siteExternalTargets.leaseOwner)} = null, ${col(siteExternalTargets.leaseExpiresAt)} = null
          where ${heldTarget(id, workerId)}`,
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
      await lockSiteCheck(tx, job.siteCheckId);
      const written = await queryRows(
        tx,
        sql`update ${siteExternalTargets} set ${col(siteExternalTargets.status)} = ${answer.status},
              ${col(siteExternalTargets.finalUrl)} = ${answer.finalUrl}, ${col(siteExternalTargets.error)} = ${answer.error},
              ${answered}
            where ${heldTarget(job.id, workerId)}
            returning ${siteExternalTargets.id} as id`,
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
      sql`update ${siteExternalTargets} set ${col(siteExternalTargets.error)} = ${TARGET_ABANDONED}, ${answered}
          where ${siteExternalTargets.checkedAt} is null and ${siteExternalTargets.leaseExpiresAt} < now()
            and ${siteExternalTargets.attempts} >= ${MAX_TARGET_ATTEMPTS}
          returning ${siteExternalTargets.id} as id`,
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
    sql`select count(*)::int as total, count(${siteExternalTargets.checkedAt})::int as checked
        from ${siteExternalTargets} where ${siteExternalTargets.siteCheckId} = ${siteCheckId}`,
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
    sql`select ${siteExternalTargets.targetUrl} as target_url, ${siteExternalTargets.status} as status,
          ${siteExternalTargets.finalUrl} as final_url, ${siteExternalTargets.error} as error
        from ${siteExternalTargets}
        where ${siteExternalTargets.siteCheckId} = ${siteCheckId} and ${siteExternalTargets.checkedAt} is not null
        order by ${siteExternalTargets.id}`,
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
      sql`select ${siteExternalLinks.targetUrl} as target_url, ${urls.normalizedUrl} as source,
            ${siteExternalLinks.anchor} as anchor
          from ${siteExternalLinks}
            join ${reports} on ${reports.id} = ${siteExternalLinks.sourceReportId}
            join ${urls} on ${urls.id} = ${reports.urlId}
          where ${siteExternalLinks.siteCheckId} = ${siteCheckId} and ${reports.deletedAt} is null
            and ${siteExternalLinks.targetUrl} in (${sql.join(
              [...broken.keys()].map((target) => sql`${target}`),
              sql`, `,
            )})
          order by ${siteExternalLinks.id}`,
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
