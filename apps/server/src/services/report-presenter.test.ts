import type { Finding } from '@crawlwise/analyzer/types';
import { describe, expect, it } from 'vitest';
import { presentIssues } from './report-presenter.ts';

const finding = (id: string, severity: Finding['severity']): Finding & { points: number } => ({
  id,
  category: 'metadata',
  severity,
  message: `${id} message`,
  why: `${id} why`,
  details: { secret: id },
  points: 3,
});

const issues = [
  finding('a', 'critical'),
  finding('b', 'critical'),
  finding('c', 'warning'),
  finding('d', 'warning'),
  finding('e', 'warning'),
  finding('f', 'success'),
];

describe('presentIssues', () => {
  it('locks top issues after the third for anonymous readers', () => {
    const shown = presentIssues(issues, false);
    expect(shown.slice(0, 3)).toEqual(issues.slice(0, 3));
    expect(shown[3]).toEqual({ id: 'd', severity: 'warning', category: 'metadata', locked: true });
    expect(shown[4]).toEqual({ id: 'e', severity: 'warning', category: 'metadata', locked: true });
    expect(JSON.stringify(shown.slice(3, 5))).not.toMatch(/message|why|secret/);
    // Passed checks are not "top issues" and stay readable.
    expect(shown[5]).toEqual(issues[5]);
  });

  it('gives a signed-in reader everything', () => {
    expect(presentIssues(issues, true)).toEqual(issues);
  });
});
