import type { AnalysisReport, FetchArtifact } from '@crawlwise/analyzer/types';
import { REPORT_EXPIRY_DAYS } from '@crawlwise/shared/limits';
import { isSettledReportStatus } from '@crawlwise/shared/report';
import { normalizeUrlForStorage } from '@crawlwise/shared/url-input';
import { eq, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/database.ts';
import { type ReportRow, reports, urls, users } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { isWellFormedAccessToken, newAccessToken } from './access-token.ts';
import { eraseReport } from './report-erase.ts';
import { TtlCache } from './ttl-cache.ts';

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

  async upsertUrl(url: string): Promise<string> {
    const normalizedUrl = normalizeUrlForStorage(url);
    const [inserted] = await this.db
      .insert(urls)
      .values({ normalizedUrl })
      .onConflictDoNothing({ target: urls.normalizedUrl })
      .returning({ id: urls.id });
    if (inserted) return inserted.id;
    const [existing] = await this.db
      .select({ id: urls.id })
      .from(urls)
      .where(eq(urls.normalizedUrl, normalizedUrl));
    if (!existing) throw new Error(`url row vanished for ${normalizedUrl}`);
    return existing.id;
  }

  /**
   * Creates a queued report holding the fetched document and wakes a worker. A signed-in
   * requester's report is stored only while the account exists: an account deleted while its
   * page was being fetched gets no report afterwards (issue 25; the deletion erases the rest).
   */
  async create(input: CreateReportInput): Promise<{ id: string; accessToken: string }> {
    const accessToken = newAccessToken();
    const userId = input.userId ?? null;
    const insert = async () => {
      const urlId = await this.upsertUrl(input.url);
      const rows = await queryRows<{ id: string }>(
        this.db,
        sql`insert into ${reports} (url_id, access_token, user_id, requester_key, fetch_artifact, status)
            select ${urlId}, ${accessToken}, ${userId}, ${input.requesterKey ?? null},
                   ${JSON.stringify(input.fetchArtifact)}::jsonb, 'queued'
            where ${userId}::text is null or exists (select 1 from ${users} where id = ${userId})
            returning id`,
      );
      return rows[0]?.id ?? null;
    };
    // The purge deletes addresses no report points to; one may go between the upsert and the
    // insert. The second upsert then stores it afresh.
    const id = await insert().catch((error: unknown) => {
      if (isForeignKeyViolation(error)) return insert();
      throw error;
    });
    if (id === null) {
      throw new ApiError('invalid_request', 'Please sign in first.', { statusCode: 401 });
    }
    await this.database.notifyJobs();
    return { id, accessToken };
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
  async deleteOwned(token: string, userId: string): Promise<'deleted' | 'not_found' | 'forbidden'> {
    if (!isWellFormedAccessToken(token)) return 'not_found';
    const [row] = await this.db
      .select({ id: reports.id, userId: reports.userId, deletedAt: reports.deletedAt })
      .from(reports)
      .where(eq(reports.accessToken, token));
    if (!row || row.deletedAt) return 'not_found';
    if (row.userId !== userId) return 'forbidden';
    this.finished.delete(token);
    await eraseReport(this.db, row.id);
    return 'deleted';
  }
}

export type AnalysisResult = AnalysisReport;

/** PostgreSQL's foreign_key_violation, possibly wrapped by the ORM. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
