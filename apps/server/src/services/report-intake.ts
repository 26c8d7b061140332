import { isAnalysisError } from '@crawlwise/analyzer/analysis-error';
import type { Engine as AnalysisEngine } from '@crawlwise/analyzer/engine';
import { ANALYSIS_ERROR_CODES, type ErrorCode } from '@crawlwise/shared/error-catalogue';
import { DAILY_REPORT_LIMIT } from '@crawlwise/shared/limits';
import type { Database } from '../db/database.ts';
import { ApiError } from '../errors.ts';
import type { AdmissionControl } from './admission.ts';
import { PAGE_FETCH_POLICY, type RateLimiter, throwIfRefused } from './rate-limit.ts';
import type { ReportService } from './report-service.ts';

/**
 * Creating a report, shared by POST /api/reports and the no-script form: validate the address,
 * count the page fetch against the requester's limits (a fetch that then fails still counts:
 * the server made it), fetch the page while the visitor waits (10 s budget, so an unreachable
 * page is answered at once with its code), then insert the queued report. The worker analyses
 * the stored document without fetching it again.
 */

/** Every code a report creation can be refused with (for the API description). */
export const REPORT_CREATION_ERRORS: ErrorCode[] = [
  'missing_url',
  ...ANALYSIS_ERROR_CODES,
  'rate_limit_exceeded',
  'too_many_requests',
  'service_unavailable',
  // The signed-in caller's active team is no longer theirs (docs/teams.md).
  'team_not_found',
];

/** The daily refusal in a team's workspace (the catalogue's words say "you"). */
export const TEAM_DAILY_LIMIT_MESSAGE = `Your team has run ${DAILY_REPORT_LIMIT} reports in the last 24 hours; its members share this allowance.`;

export interface IntakeServices {
  database: Database;
  engine: AnalysisEngine;
  reports: ReportService;
  limits: RateLimiter;
  admission: AdmissionControl;
}

export interface IntakeRequest {
  /** The page, already read by the shared URL rule (the route's schema, or the no-script form). */
  url: URL;
  requesterKey: string;
  userId: string | null;
  /** The active team (docs/teams.md); null: Personal or anonymous. */
  teamId?: string | null;
}

export interface IntakeResult {
  accessToken: string;
  /** The requester is at 80 or more of the 100 daily reports. */
  rateLimitSoft: boolean;
}

/** Sheds load (503 + Retry-After) before any work when the server or the queue is saturated. */
export function submitReport(
  services: IntakeServices,
  request: IntakeRequest,
): Promise<IntakeResult> {
  return services.admission.admit(() => intake(services, request));
}

async function intake(services: IntakeServices, request: IntakeRequest): Promise<IntakeResult> {
  const decision = await services.limits.reserve(
    services.database.db,
    PAGE_FETCH_POLICY,
    request.requesterKey,
  );
  // A team's members share its allowance: the refusal says whose it is (docs/teams.md).
  throwIfRefused(decision, request.teamId ? { rate_limit_exceeded: TEAM_DAILY_LIMIT_MESSAGE } : {});

  let document: Awaited<ReturnType<AnalysisEngine['fetchDocument']>>;
  try {
    document = await services.engine.fetchDocument(request.url.href);
  } catch (error) {
    if (isAnalysisError(error)) throw new ApiError(error.code, error.message);
    throw error;
  }

  const { accessToken } = await services.reports.create({
    url: request.url.href,
    fetchArtifact: document,
    userId: request.userId,
    teamId: request.teamId ?? null,
    requesterKey: request.requesterKey,
  });
  return { accessToken, rateLimitSoft: decision.allowed && decision.soft };
}
