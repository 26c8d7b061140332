import {
  type LockedIssue,
  REPORT_STATUSES,
  type Report,
  reportResponseSchema,
  type ScoredFinding,
} from '@crawlwise/shared/report';
import { describe, expect, it } from 'vitest';
import {
  ANONYMOUS_ISSUES,
  finding,
  fullReportResponse,
  reportResponse,
} from './report-fixtures.ts';

describe('report fixtures', () => {
  it('are what the server sends, for every status', () => {
    for (const status of REPORT_STATUSES) {
      const fixture = reportResponse(status);
      expect(reportResponseSchema.parse(fixture), status).toEqual(fixture);
    }
  });

  it('include a full report as a signed-in reader gets it', () => {
    const fixture = fullReportResponse();
    expect(reportResponseSchema.parse(fixture)).toEqual(fixture);
    expect(fixture.report.access).toBe('full');
  });

  it('cannot drift from the contract without failing to type-check', () => {
    const base = finding({
      id: 'title',
      category: 'metadata',
      severity: 'warning',
      message: 'Title too short',
      why: 'Aim for 20-60.',
    });
    // Each of these is a shape the web fixtures used before the shared contract. tsc -p apps/web
    // fails if one of them type-checks again, and the schema refuses them at run time too.
    // @ts-expect-error ids are check ids (strings), not numbers
    const id: ScoredFinding = { ...base, id: 1 };
    // @ts-expect-error a locked issue carries the id of the check it hides
    const lockedIssue: LockedIssue = { locked: true, severity: 'warning', category: 'social' };
    // @ts-expect-error the score is 0 while pending, never null
    const pending: Report = { ...reportResponse('queued').report, score: null };
    // @ts-expect-error a finding says which outcome it has
    const outcome: ScoredFinding = { ...base, outcome: undefined };
    const completed = reportResponse('completed');
    const withIssue = (issue: unknown) => ({
      ...completed,
      report: { ...completed.report, issues: [...ANONYMOUS_ISSUES, issue] },
    });
    expect(reportResponseSchema.safeParse(withIssue(id)).success).toBe(false);
    expect(reportResponseSchema.safeParse(withIssue(lockedIssue)).success).toBe(false);
    expect(reportResponseSchema.safeParse(withIssue(outcome)).success).toBe(false);
    expect(reportResponseSchema.safeParse({ ok: true, report: pending }).success).toBe(false);
  });
});
