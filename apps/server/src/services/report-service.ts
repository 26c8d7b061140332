import type { AnalysisReport, FetchArtifact } from '@crawlwise/analyzer/types';
import { REPORT_EXPIRY_DAYS } from '@crawlwise/shared/limits';
import { normalizeUrlForStorage } from '@crawlwise/shared/url-input';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/database.ts';
import { type ReportRow, reports, urls } from '../db/schema.ts';
import { isWellFormedAccessToken, newAccessToken } from './access-token.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CreateReportInput {
  /** The address as submitted; stored under its normalised form. */
  url: string;
  fetchArtifact: FetchArtifact;
  userId?: string | null;
  requesterKey?: string | null;
}

export type ReportLookup =
  | { kind: 'found'; report: ReportRow; url: string }
  | { kind: 'not_found' }
  | { kind: 'deleted' }
  | { kind: 'expired' };

/** Reports: creation, reading by token, and the owner's actions. Only services touch tables. */
export class ReportService {
  constructor(private readonly database: Database) {}

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
   * Creates a queued report holding the fetched document and wakes a worker. `admit` runs inside
   * the inserting transaction, before the insert (the report limit takes its lock and counts
   * there); throwing from it rolls back and nothing is created. The page fetch stays outside:
   * a lock must not be held for the seconds a fetch can take.
   */
  async create(
    input: CreateReportInput,
    admit?: (tx: Db) => Promise<void>,
  ): Promise<{ id: string; accessToken: string }> {
    // The url row is harmless even when the report is refused, so it is not held under the lock.
    const urlId = await this.upsertUrl(input.url);
    const accessToken = newAccessToken();
    const id = await this.db.transaction(async (tx) => {
      await admit?.(tx as unknown as Db);
      const [row] = await tx
        .insert(reports)
        .values({
          urlId,
          accessToken,
          userId: input.userId ?? null,
          requesterKey: input.requesterKey ?? null,
          fetchArtifact: input.fetchArtifact,
          status: 'queued',
        })
        .returning({ id: reports.id });
      return row!.id;
    });
    await this.database.notifyJobs();
    return { id, accessToken };
  }

  async findByToken(token: string, now = new Date()): Promise<ReportLookup> {
    if (!isWellFormedAccessToken(token)) return { kind: 'not_found' };
    const [found] = await this.db
      .select({ report: reports, url: urls.normalizedUrl })
      .from(reports)
      .innerJoin(urls, eq(urls.id, reports.urlId))
      .where(eq(reports.accessToken, token));
    if (!found) return { kind: 'not_found' };
    if (found.report.deletedAt) return { kind: 'deleted' };
    if (now.getTime() - found.report.createdAt.getTime() > REPORT_EXPIRY_DAYS * DAY_MS) {
      return { kind: 'expired' };
    }
    return { kind: 'found', report: found.report, url: found.url };
  }

  /** Soft delete by the owner; the row stays so later reads can answer report_deleted. */
  async deleteOwned(token: string, userId: string): Promise<'deleted' | 'not_found' | 'forbidden'> {
    if (!isWellFormedAccessToken(token)) return 'not_found';
    const [row] = await this.db
      .select({ id: reports.id, userId: reports.userId, deletedAt: reports.deletedAt })
      .from(reports)
      .where(eq(reports.accessToken, token));
    if (!row || row.deletedAt) return 'not_found';
    if (row.userId !== userId) return 'forbidden';
    await this.db
      .update(reports)
      .set({ deletedAt: new Date(), fetchArtifact: null })
      .where(and(eq(reports.id, row.id), sql`${reports.deletedAt} is null`));
    return 'deleted';
  }
}

export type AnalysisResult = AnalysisReport;
