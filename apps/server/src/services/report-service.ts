import type { AnalysisReport, FetchArtifact } from '@crawlwise/analyzer/types';
import { REPORT_EXPIRY_DAYS } from '@crawlwise/shared/limits';
import { isSettledReportStatus } from '@crawlwise/shared/report';
import { normalizeUrlForStorage } from '@crawlwise/shared/url-input';
import { eq } from 'drizzle-orm';
import { type Database, inTransaction, isForeignKeyViolation } from '../db/database.ts';
import { type ReportRow, reports, urls } from '../db/schema.ts';
import { insertQueuedReport, upsertUrl as upsertUrlRow } from '../db/tables/reports.ts';
import { ApiError } from '../errors.ts';
import { isWellFormedAccessToken } from './access-token.ts';
import { eraseReport } from './report-erase.ts';
import { TtlCache } from './ttl-cache.ts';
import { asOwner, type WorkspaceOwner } from './workspace.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Finished reports are read far more often than written (the report screen, shared links); a
 * read is served from memory for a few seconds. A deletion made through another process shows
 * after at most this long; one made through this process shows at once.
 */
const FINISHED_REPORT_CACHE_MS = 5000;
const FINISHED_REPORT_CACHE_SIZE = 5000;

/** What a reader may see of a report: never the stored document, the requester or the lease. */
const REPORT_VIEW_COLUMNS = {
  id: reports.id,
  urlId: reports.urlId,
  userId: reports.userId,
  status: reports.status,
  score: reports.score,
  scoreModel: reports.scoreModel,
  errorCode: reports.errorCode,
  errorMessage: reports.errorMessage,
  finalUrl: reports.finalUrl,
  metaJson: reports.metaJson,
  issues: reports.issues,
  categories: reports.categories,
  createdAt: reports.createdAt,
  startedAt: reports.startedAt,
  completedAt: reports.completedAt,
  deletedAt: reports.deletedAt,
};

export type ReportView = Pick<ReportRow, keyof typeof REPORT_VIEW_COLUMNS>;

export interface CreateReportInput {
  /** The address as submitted; stored under its normalised form. */
  url: string;
  fetchArtifact: FetchArtifact;
  userId?: string | null;
  /** The team whose workspace it is made in (docs/teams.md); null or absent: Personal. */
  teamId?: string | null;
  requesterKey?: string | null;
}

export type ReportLookup =
  | { kind: 'found'; report: ReportView; url: string }
  | { kind: 'not_found' }
  | { kind: 'deleted' }
  | { kind: 'expired' };

/** Reports: creation, reading by token, and the owner's actions. Only services touch tables. */
export class ReportService {
  /** Finished reports never change but for deletion: reads of them skip the database briefly. */
  private readonly finished: TtlCache<{ report: ReportView; url: string }>;

  constructor(
    private readonly database: Database,
    options: { finishedCacheMs?: number } = {},
  ) {
    this.finished = new TtlCache(
      options.finishedCacheMs ?? FINISHED_REPORT_CACHE_MS,
      FINISHED_REPORT_CACHE_SIZE,
    );
  }

  private get db() {
    return this.database.db;
  }

  /** The `urls` row of an address (created when missing). */
  upsertUrl(url: string): Promise<string> {
    return upsertUrlRow(this.db, normalizeUrlForStorage(url));
  }

  /**
   * Creates a queued report holding the fetched document and wakes a worker. A signed-in
   * requester's report is stored only while the account exists: an account deleted while its
   * page was being fetched gets no report afterwards (issue 25; the deletion erases the rest).
   */
  async create(input: CreateReportInput): Promise<{ id: string; accessToken: string }> {
    // One transaction: the address row stays locked by its upsert until the report points to
    // it, so the retention purge (which skips locked rows) cannot delete it in between.
    const created = await inTransaction(this.db, async (tx) =>
      insertQueuedReport(tx, {
        urlId: await upsertUrlRow(tx, normalizeUrlForStorage(input.url)),
        userId: input.userId ?? null,
        teamId: input.teamId ?? null,
        requesterKey: input.requesterKey ?? null,
        fetchArtifact: input.fetchArtifact,
      }),
    ).catch((error: unknown) => {
      // The team row went while this insert waited for it (PostgreSQL: the membership was
      // still visible, the team row's deletion not yet committed): the team is gone, not a 500.
      if (input.teamId && isForeignKeyViolation(error, 'reports_team_id_organizations_id_fk')) {
        return null;
      }
      throw error;
    });
    if (created === null) {
      // The team went (or the caller left it) while the page was being fetched.
      if (input.teamId) throw new ApiError('team_not_found');
      throw new ApiError('invalid_request', 'Please sign in first.', { statusCode: 401 });
    }
    await this.database.notifyJobs();
    return created;
  }

  async findByToken(token: string, now = new Date()): Promise<ReportLookup> {
    if (!isWellFormedAccessToken(token)) return { kind: 'not_found' };
    let found = this.finished.get(token, now.getTime());
    if (!found) {
      const [row] = await this.db
        .select({ report: REPORT_VIEW_COLUMNS, url: urls.normalizedUrl })
        .from(reports)
        .innerJoin(urls, eq(urls.id, reports.urlId))
        .where(eq(reports.accessToken, token));
      if (!row) return { kind: 'not_found' };
      found = row;
      const final = isSettledReportStatus(row.report.status);
      if (final && !row.report.deletedAt && this.finished.enabled) {
        this.finished.set(token, row, now.getTime());
      }
    }
    if (found.report.deletedAt) return { kind: 'deleted' };
    if (now.getTime() - found.report.createdAt.getTime() > REPORT_EXPIRY_DAYS * DAY_MS) {
      return { kind: 'expired' };
    }
    return { kind: 'found', report: found.report, url: found.url };
  }

  /** Drops cached copies of reports erased elsewhere (an account deletion). */
  forgetCached(tokens: readonly string[]): void {
    for (const token of tokens) this.finished.delete(token);
  }

  /**
   * Deletion by the owner erases the analysis at once (services/report-erase.ts); the emptied
   * row stays so later reads can answer report_deleted.
   */
  async deleteOwned(
    token: string,
    ownerOrAccount: string | WorkspaceOwner,
  ): Promise<'deleted' | 'not_found' | 'forbidden'> {
    const owner = asOwner(ownerOrAccount);
    if (!isWellFormedAccessToken(token)) return 'not_found';
    const [row] = await this.db
      .select({
        id: reports.id,
        userId: reports.userId,
        teamId: reports.teamId,
        deletedAt: reports.deletedAt,
      })
      .from(reports)
      .where(eq(reports.accessToken, token));
    if (!row || row.deletedAt) return 'not_found';
    // The active workspace's report: the account's Personal one, or any of the team's.
    const owned =
      owner.teamId === null
        ? row.userId === owner.userId && row.teamId === null
        : row.teamId === owner.teamId;
    if (!owned) return 'forbidden';
    this.finished.delete(token);
    await eraseReport(this.db, row.id);
    return 'deleted';
  }
}

export type AnalysisResult = AnalysisReport;
