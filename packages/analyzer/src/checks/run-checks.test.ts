import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import type { Check, CheckOutcome } from './check.ts';
import { ALL_CHECKS } from './index.ts';
import { runCheck, runChecks } from './run-checks.ts';

const check = (run: Check['run'], id = 'sample'): Check => ({
  meta: { id, category: 'content', title: 'Sample check', why: 'Default why.' },
  run,
});

describe('runChecks', () => {
  it('turns an outcome into a finding, falling back to the meta why and empty details', () => {
    const [finding] = runChecks(makePage(), [
      check(() => ({ severity: 'warning', message: 'Something to fix' })),
    ]);
    expect(finding).toEqual({
      id: 'sample',
      category: 'content',
      severity: 'warning',
      message: 'Something to fix',
      why: 'Default why.',
      details: {},
    });
  });

  it('keeps the outcome why and details', () => {
    const finding = runCheck(
      makePage(),
      check(() => ({
        severity: 'critical',
        message: 'm',
        why: 'Specific why.',
        details: { a: 1 },
      })),
    );
    expect(finding).toMatchObject({
      severity: 'critical',
      why: 'Specific why.',
      details: { a: 1 },
    });
  });

  it('isolates a throwing check as a skipped warning and still runs the others', () => {
    const findings = runChecks(makePage(), [
      check(() => {
        throw new Error('boom');
      }, 'broken'),
      check(() => ({ severity: 'success', message: 'fine' }), 'healthy'),
    ]);
    expect(findings[0]).toEqual({
      id: 'broken',
      category: 'content',
      severity: 'warning',
      message: 'Sample check: the check could not run',
      why: 'Crawlwise could not run this check on the page, so it costs no points. Default why.',
      details: { skipped: 'The check failed with an internal error', error: 'boom' },
    });
    expect(findings[1]).toMatchObject({ id: 'healthy', severity: 'success' });
  });

  it('reports a thrown non-error value', () => {
    const finding = runCheck(
      makePage(),
      check(() => {
        throw 'plain string';
      }),
    );
    expect(finding.details.error).toBe('plain string');
  });

  it('treats a malformed outcome as a failure', () => {
    const bad = (outcome: unknown) =>
      runCheck(
        makePage(),
        check(() => outcome as CheckOutcome),
      ).details.error;
    expect(bad(undefined)).toBe('Check returned an invalid outcome: undefined');
    expect(bad({ severity: 'fatal', message: 'x' })).toContain('invalid outcome');
    expect(bad({ severity: 'success' })).toContain('invalid outcome');
  });

  it('runs the whole catalogue by default, one finding per check, without throwing', () => {
    const findings = runChecks(makePage({ html: '<html><body><p>Hello</p></body></html>' }));
    expect(findings.map((f) => f.id)).toEqual(ALL_CHECKS.map((c) => c.meta.id));
    expect(findings.filter((f) => 'error' in f.details)).toEqual([]);
  });
});
