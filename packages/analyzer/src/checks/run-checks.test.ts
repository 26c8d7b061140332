import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import type { Check, CheckOutcome } from './check.ts';
import { ALL_CHECKS } from './index.ts';
import { runCheck, runChecks } from './run-checks.ts';

/** A stand-in for a catalogue check (the runner takes the category from the catalogue). */
const check = (run: Check['run'], id = 'word-count'): Check => ({
  meta: { id, title: 'Sample check', why: 'Default why.', howToFix: 'Default fix.' },
  run,
});

describe('runChecks', () => {
  it('turns an outcome into a finding, falling back to the meta why, fix and empty details', () => {
    const [finding] = runChecks(makePage(), [
      check(() => ({ severity: 'warning', message: 'Something to fix' })),
    ]);
    expect(finding).toEqual({
      id: 'word-count',
      category: 'content',
      outcome: 'failed',
      severity: 'warning',
      message: 'Something to fix',
      why: 'Default why.',
      howToFix: 'Default fix.',
      details: {},
    });
  });

  it('takes the category from the catalogue', () => {
    const finding = runCheck(
      makePage(),
      check(() => ({ severity: 'success', message: 'ok' }), 'open-graph'),
    );
    expect(finding.category).toBe('social');
  });

  it('refuses a check the catalogue does not list', () => {
    expect(() =>
      runCheck(
        makePage(),
        check(() => ({ severity: 'success', message: 'ok' }), 'not-in-catalogue'),
      ),
    ).toThrow(/not in the catalogue/);
  });

  it('derives passed and failed from the severity, with a fix only for a failure', () => {
    const run = (result: CheckOutcome) =>
      runCheck(
        makePage(),
        check(() => result),
      );
    expect(run({ severity: 'success', message: 'ok' })).toMatchObject({
      outcome: 'passed',
      howToFix: null,
    });
    expect(run({ severity: 'critical', message: 'bad' })).toMatchObject({
      outcome: 'failed',
      howToFix: 'Default fix.',
    });
    expect(run({ severity: 'critical', message: 'bad', howToFix: 'Specific fix.' })).toMatchObject({
      outcome: 'failed',
      howToFix: 'Specific fix.',
    });
  });

  it('keeps explicit not-applicable and skipped outcomes', () => {
    const run = (result: CheckOutcome) =>
      runCheck(
        makePage(),
        check(() => result),
      );
    expect(
      run({ severity: 'success', outcome: 'not_applicable', message: 'Nothing to judge' }),
    ).toMatchObject({ outcome: 'not_applicable', severity: 'success', howToFix: null });
    expect(
      run({ severity: 'warning', outcome: 'skipped', message: 'Could not judge' }),
    ).toMatchObject({ outcome: 'skipped', severity: 'warning', howToFix: null });
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
      }, 'headings'),
      check(() => ({ severity: 'success', message: 'fine' }), 'image-alt'),
    ]);
    expect(findings[0]).toEqual({
      id: 'headings',
      category: 'content',
      outcome: 'skipped',
      severity: 'warning',
      message: 'Sample check: the check could not run',
      why: 'Crawlwise could not run this check on the page, so it costs no points. Default why.',
      howToFix: null,
      details: { error: 'boom' },
    });
    expect(findings[1]).toMatchObject({ id: 'image-alt', outcome: 'passed', severity: 'success' });
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
    // An outcome the severity contradicts: a passed check cannot be critical.
    expect(bad({ severity: 'critical', outcome: 'not_applicable', message: 'x' })).toContain(
      'invalid outcome',
    );
    expect(bad({ severity: 'critical', outcome: 'skipped', message: 'x' })).toContain(
      'invalid outcome',
    );
    expect(bad({ severity: 'success', outcome: 'unknown', message: 'x' })).toContain(
      'invalid outcome',
    );
  });

  it('runs the whole catalogue by default, one finding per check, without throwing', () => {
    const findings = runChecks(makePage({ html: '<html><body><p>Hello</p></body></html>' }));
    expect(findings.map((f) => f.id)).toEqual(ALL_CHECKS.map((c) => c.meta.id));
    expect(findings.filter((f) => 'error' in f.details)).toEqual([]);
  });
});
