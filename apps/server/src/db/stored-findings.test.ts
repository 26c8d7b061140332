import { ALL_CHECKS } from '@crawlwise/analyzer/checks/index';
import type { ScoredFinding } from '@crawlwise/shared/report';
import { describe, expect, it } from 'vitest';
import { decodeStoredFindings, readStoredFinding, storableFinding } from './stored-findings.ts';

const today: ScoredFinding = {
  id: 'robots-txt',
  category: 'crawlability',
  outcome: 'failed',
  severity: 'warning',
  message: 'robots.txt blocks nothing useful',
  why: 'Crawlers read it first.',
  howToFix: 'Fix the rules.',
  details: {},
  weight: 3,
} as unknown as ScoredFinding;

const { outcome: _outcome, howToFix: _howToFix, ...older } = today;

describe('readStoredFinding', () => {
  it('keeps a finding stored with its outcome as it is', () => {
    expect(readStoredFinding(today)).toBe(today);
  });

  it('reads a finding stored before explicit outcomes: details.skipped becomes the outcome', () => {
    expect(
      readStoredFinding({
        ...older,
        details: { skipped: 'robots.txt could not be fetched', n: 1 },
      }),
    ).toMatchObject({ outcome: 'skipped', howToFix: null, details: { n: 1 } });
    expect(readStoredFinding({ ...older, details: {} })).toMatchObject({ outcome: 'failed' });
    expect(readStoredFinding({ ...older, severity: 'success' })).toMatchObject({
      outcome: 'passed',
    });
  });
});

describe('decodeStoredFindings', () => {
  it('reads the column as jsonb or as a string, in today’s shape', () => {
    expect(decodeStoredFindings([older])).toEqual([
      { ...older, outcome: 'failed', howToFix: null },
    ]);
    expect(decodeStoredFindings(JSON.stringify([today]))).toEqual([today]);
  });

  it('reads an empty or erased column as no findings', () => {
    expect(decodeStoredFindings(null)).toEqual([]);
    expect(decodeStoredFindings({ not: 'a list' })).toEqual([]);
  });
});

describe('storableFinding', () => {
  const checkWhy = ALL_CHECKS.find(({ meta }) => meta.id === 'robots-txt')!.meta.why;

  it("leaves out a why that is the check's own, and reading puts it back", () => {
    const own = { ...today, why: checkWhy };
    const stored = storableFinding(own);
    expect(stored).not.toHaveProperty('why');
    expect(readStoredFinding(stored)).toEqual(own);
    const { why: _why, ...olderStored } = { ...older, why: checkWhy };
    expect(decodeStoredFindings(JSON.stringify([olderStored]))).toEqual([
      { ...older, why: checkWhy, outcome: 'failed', howToFix: null },
    ]);
  });

  it('keeps a why of its own (a skipped check explains itself) as it is', () => {
    expect(storableFinding(today)).toBe(today);
    const skipped = {
      ...today,
      why: `Crawlwise could not run this check on the page. ${checkWhy}`,
    };
    expect(storableFinding(skipped)).toBe(skipped);
  });

  it('reads a finding of a check no longer in the catalogue with a why that says so', () => {
    const { why: _why, ...gone } = { ...today, id: 'retired-check' };
    expect(readStoredFinding(gone).why).toMatch(/no longer part of Crawlwise/);
  });
});
