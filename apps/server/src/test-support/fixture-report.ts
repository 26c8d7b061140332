import { readFileSync } from 'node:fs';
import type { AnalysisReport, ScoredFinding } from '@crawlwise/shared/report';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { col, type Database } from '../db/database.ts';
import { reports } from '../db/schema.ts';
import { newAccessToken } from '../services/access-token.ts';

/**
 * A typical finished analysis, as the analyzer wrote it (`crawlwise <url> --json` with the
 * render on, of a small page whose main text only JavaScript inserts; addresses rewritten to
 * http://shop.acme.example): 12 failed checks, 23 passed or not applicable, the crawler-view checks
 * compared. Tests and the PDF bench store it as a completed report.
 */
export const FIXTURE_ANALYSIS: AnalysisReport = JSON.parse(
  readFileSync(new URL('./fixture-analysis.json', import.meta.url), 'utf8'),
);

/** The day the fixture report finished, as export file names carry it. */
export const FIXTURE_COMPLETED_AT = '2026-11-22T10:30:00.000Z';

export interface FixtureOptions {
  userId?: string | null;
  status?: 'queued' | 'completed' | 'failed';
  /** Findings to store instead of the fixture's (e.g. with hostile texts). */
  issues?: ScoredFinding[];
}

/** Stores the fixture as a report (no worker involved) and returns its access token. */
export async function insertFixtureReport(
  app: FastifyInstance,
  database: Database,
  options: FixtureOptions = {},
): Promise<string> {
  const analysis = FIXTURE_ANALYSIS;
  const urlId = await app.reports.upsertUrl(analysis.url);
  const token = newAccessToken();
  const status = options.status ?? 'completed';
  const done = status === 'completed';
  await database.db.execute(sql`
    insert into ${reports} (${col(reports.urlId)}, ${col(reports.accessToken)},
      ${col(reports.userId)}, ${col(reports.status)}, ${col(reports.score)},
      ${col(reports.scoreModel)}, ${col(reports.finalUrl)}, ${col(reports.metaJson)},
      ${col(reports.issues)}, ${col(reports.categories)}, ${col(reports.startedAt)},
      ${col(reports.completedAt)})
    values (${urlId}, ${token}, ${options.userId ?? null}, ${status},
            ${done ? analysis.score : null}, ${done ? analysis.scoreModel : null},
            ${done ? analysis.finalUrl : null},
            ${done ? JSON.stringify(analysis.meta_json) : null}::jsonb,
            ${done ? JSON.stringify(options.issues ?? analysis.issues) : null}::jsonb,
            ${done ? JSON.stringify(analysis.categories) : null}::jsonb,
            ${done ? FIXTURE_COMPLETED_AT : null}, ${done ? FIXTURE_COMPLETED_AT : null})`);
  return token;
}
