import { REPORT_EXPIRY_DAYS } from '@crawlwise/shared/limits';
import { compareReports, type ReportComparison } from '@crawlwise/shared/report-compare';
import { ApiError } from '../errors.ts';
import { presentReport } from './report-presenter.ts';
import type { ReportService } from './report-service.ts';

/**
 * Two reports of one page compared for one reader (issue 11 item 3). Each report is read by its
 * token and presented exactly as `GET /api/reports/:token` would present it to this reader, so
 * the comparison never shows more than the reports do: an anonymous reader's diff is made of
 * the locked reports.
 */
export async function compareByTokens(
  reports: ReportService,
  tokens: { a: string; b: string },
  readerSignedIn: boolean,
): Promise<ReportComparison> {
  const [first, second] = await Promise.all([
    readCompleted(reports, tokens.a, 'a'),
    readCompleted(reports, tokens.b, 'b'),
  ]);
  if (first.report.url_id !== second.report.url_id) throw new ApiError('compare_different_pages');
  return compareReports(first, second);

  async function readCompleted(service: ReportService, token: string, name: 'a' | 'b') {
    const lookup = await service.findByToken(token);
    // The message names the link's parameter, so a reader knows which report is the problem.
    const which = name === 'a' ? 'The older report' : 'The newer report';
    switch (lookup.kind) {
      case 'not_found':
        throw new ApiError('report_not_found', `${which} (${name}) does not exist.`);
      case 'deleted':
        throw new ApiError('report_deleted', `${which} (${name}) has been deleted by its owner.`);
      case 'expired':
        throw new ApiError(
          'report_expired',
          `${which} (${name}) is older than ${REPORT_EXPIRY_DAYS} days.`,
        );
      case 'found':
        break;
    }
    if (lookup.report.status !== 'completed') throw new ApiError('compare_not_ready');
    return {
      report: presentReport(lookup.report, lookup.url, readerSignedIn),
      accessToken: token,
    };
  }
}
