import { randomBytes } from 'node:crypto';
import type { Engine as AnalysisEngine } from '@crawlwise/analyzer/engine';
import { isUuid } from '@crawlwise/shared/api/contract';
import type { SiteVerification } from '@crawlwise/shared/api/site-verifications';
import {
  describeProofs,
  MAX_SITE_VERIFICATIONS_PER_ACCOUNT,
  VERIFICATION_TOKEN_BYTES,
  verificationFileUrl,
  verificationMetaTag,
} from '@crawlwise/shared/site-verification';
import { and, asc, eq, sql } from 'drizzle-orm';
import { col, type Database, inTransaction, queryRows } from '../db/database.ts';
import { members, siteVerifications } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { WorkspaceOwner } from './workspace.ts';

/**
 * Site ownership verification (docs/site-checks.md › Site ownership verification): the owner of
 * the site_verifications table. A verification is a token for one account and one site origin;
 * a check reads both proofs through the engine's guarded fetch and records the outcome. The crawl
 * start re-checks a verified site before using its larger limits (services/crawl-allowance.ts).
 */

/** Advisory-lock namespace of verification creation (others: 7_301 limits, 7_302, 7_303). */
const VERIFICATION_LOCK_NAMESPACE = 7_304;

type VerificationRow = typeof siteVerifications.$inferSelect;

const viewOf = (row: VerificationRow): SiteVerification => ({
  id: row.id,
  siteUrl: row.siteUrl,
  token: row.token,
  metaTag: verificationMetaTag(row.token),
  fileUrl: verificationFileUrl(row.siteUrl),
  verifiedAt: row.verifiedAt?.toISOString() ?? null,
  lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
});

/** What a crawl's re-check found of the site's proof. */
export type RecheckOutcome =
  /** The account has no verification of the site that a check ever confirmed. */
  | { status: 'unverified' }
  | { status: 'verified' }
  /** It was verified, and the proof is gone now (the verification was marked unverified). */
  | { status: 'lost'; found: string };

export class SiteVerificationService {
  constructor(
    private readonly database: Database,
    private readonly engine: AnalysisEngine,
  ) {}

  private get db() {
    return this.database.db;
  }

  /** The account's verification of the site: created with a fresh token, or the existing one. */
  async start(userId: string, site: URL): Promise<SiteVerification> {
    const token = randomBytes(VERIFICATION_TOKEN_BYTES).toString('base64url');
    await inTransaction(this.db, async (tx) => {
      // One account's starts take turns, so two at once neither exceed the limit nor collide.
      await tx.execute(
        sql`select pg_advisory_xact_lock(${VERIFICATION_LOCK_NAMESPACE}, hashtext(${userId}))`,
      );
      const [existing] = await queryRows(
        tx,
        sql`select ${siteVerifications.id} as id from ${siteVerifications}
            where ${siteVerifications.userId} = ${userId}
              and ${siteVerifications.siteUrl} = ${site.href}`,
      );
      if (existing) return;
      const [inserted] = await queryRows(
        tx,
        sql`insert into ${siteVerifications} (${col(siteVerifications.userId)},
              ${col(siteVerifications.siteUrl)}, ${col(siteVerifications.token)})
            select ${userId}, ${site.href}, ${token}
            where (select count(*) from ${siteVerifications}
                    where ${siteVerifications.userId} = ${userId})
                  < ${MAX_SITE_VERIFICATIONS_PER_ACCOUNT}
            returning ${col(siteVerifications.id)} as id`,
      );
      if (!inserted) throw new ApiError('site_verification_limit');
    });
    const row = await this.find(userId, site);
    if (!row) throw new Error(`site verification of ${site.href} vanished`);
    return viewOf(row);
  }

  async list(userId: string): Promise<SiteVerification[]> {
    const rows = await this.db
      .select()
      .from(siteVerifications)
      .where(eq(siteVerifications.userId, userId))
      .orderBy(asc(siteVerifications.createdAt), asc(siteVerifications.id));
    return rows.map(viewOf);
  }

  async remove(userId: string, id: string): Promise<void> {
    const deleted = await this.db
      .delete(siteVerifications)
      .where(and(eq(siteVerifications.id, id), eq(siteVerifications.userId, userId)))
      .returning({ id: siteVerifications.id });
    if (deleted.length === 0) throw new ApiError('site_verification_not_found');
  }

  /**
   * Reads both proofs and records the outcome: verified now, or not (with what was found, also
   * the message of the `site_verification_failed` thrown). The row is written either way.
   */
  async check(userId: string, id: string): Promise<SiteVerification> {
    const row = isUuid(id) ? await this.byId(userId, id) : null;
    if (!row) throw new ApiError('site_verification_not_found');
    const outcome = await this.readProofs(row);
    const updated = await this.record(row.id, outcome);
    if (!updated) throw new ApiError('site_verification_not_found');
    if (!outcome.proven) throw new ApiError('site_verification_failed', outcome.found);
    return viewOf(updated);
  }

  /**
   * Before a crawl uses the larger limits: a site the account verified is checked again; a
   * proof that is gone makes the verification unverified (and says what was found).
   */
  async recheck(owner: WorkspaceOwner, site: URL): Promise<RecheckOutcome> {
    const row = await this.find(owner.userId, site);
    // Verifications are the account's own (docs/teams.md › Site ownership): in a team it is the
    // maker's, and only while the maker is a member (a team's crawl watch outlives its maker's
    // membership; an ex-member's proof does not count for the team).
    if (row && owner.teamId !== null && !(await this.isMember(owner))) {
      return { status: 'unverified' };
    }
    if (!row?.verifiedAt) return { status: 'unverified' };
    const outcome = await this.readProofs(row);
    await this.record(row.id, outcome);
    return outcome.proven ? { status: 'verified' } : { status: 'lost', found: outcome.found };
  }

  private async readProofs(
    row: VerificationRow,
  ): Promise<{ proven: true } | { proven: false; found: string }> {
    const { meta, file } = await this.engine.fetchOwnershipProofs(row.siteUrl, row.token);
    if (meta.kind === 'match' || file.kind === 'match') return { proven: true };
    return { proven: false, found: describeProofs(meta, file) };
  }

  private async record(
    id: string,
    outcome: { proven: true } | { proven: false; found: string },
  ): Promise<VerificationRow | undefined> {
    const [row] = await this.db
      .update(siteVerifications)
      .set(
        outcome.proven
          ? { verifiedAt: sql`now()`, lastCheckedAt: sql`now()`, lastError: null }
          : { verifiedAt: null, lastCheckedAt: sql`now()`, lastError: outcome.found },
      )
      .where(eq(siteVerifications.id, id))
      .returning();
    return row;
  }

  private async byId(userId: string, id: string): Promise<VerificationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(siteVerifications)
      .where(and(eq(siteVerifications.id, id), eq(siteVerifications.userId, userId)));
    return row;
  }

  private async isMember(owner: WorkspaceOwner): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`select 1 from ${members}
          where ${members.organizationId} = ${owner.teamId} and ${members.userId} = ${owner.userId}`,
    );
    return rows.length > 0;
  }

  private async find(userId: string, site: URL): Promise<VerificationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(siteVerifications)
      .where(and(eq(siteVerifications.userId, userId), eq(siteVerifications.siteUrl, site.href)));
    return row;
  }
}
