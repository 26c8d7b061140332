import { describe, expect, it } from 'vitest';
import type { Finding } from '../types.ts';
import { assignCauses } from './causes.ts';

const finding = (
  id: string,
  outcome: Finding['outcome'],
  details: Record<string, unknown> = {},
): Finding => ({
  id,
  category: 'content',
  outcome,
  severity: outcome === 'failed' ? 'warning' : 'success',
  message: id,
  why: id,
  howToFix: null,
  details,
});

const causeOf = (findings: Finding[], id: string) =>
  assignCauses(findings).find((each) => each.id === id)?.cause;

describe('assignCauses', () => {
  const scriptOnlyPage = [
    finding('js-rendering', 'failed', { serverWords: 0, renderedWords: 400 }),
    finding('word-count', 'failed', { count: 0, renderedCount: 400 }),
    finding('title', 'failed'),
    finding('rendered-title', 'failed', { server: null, rendered: 'Oak tables', change: 'added' }),
    finding('headings', 'failed'),
    finding('rendered-h1', 'failed', { server: [], rendered: ['Oak tables'] }),
    finding('meta-description', 'failed'),
    finding('rendered-meta-description', 'passed', { change: 'same' }),
    finding('image-alt', 'failed'),
    finding('rendered-links', 'failed', {
      server: ['/a'],
      rendered: ['/a'],
      removedByScript: ['/b'],
    }),
  ];

  it('puts every finding that rendering on the server would fix under one cause', () => {
    for (const id of [
      'js-rendering',
      'word-count',
      'title',
      'rendered-title',
      'headings',
      'rendered-h1',
    ]) {
      expect(causeOf(scriptOnlyPage, id), id).toBe('client-side-rendering');
    }
  });

  it('leaves out what script does not explain', () => {
    // No description in the rendered page either; alt text has nothing to do with script; links
    // that script removes are another problem.
    expect(causeOf(scriptOnlyPage, 'meta-description')).toBeUndefined();
    expect(causeOf(scriptOnlyPage, 'image-alt')).toBeUndefined();
    expect(causeOf(scriptOnlyPage, 'rendered-links')).toBeUndefined();
    expect(causeOf(scriptOnlyPage, 'rendered-meta-description')).toBeUndefined();
  });

  it('names no cause when the content does not depend on script', () => {
    const findings = scriptOnlyPage.map((each) =>
      each.id === 'js-rendering' ? finding('js-rendering', 'passed') : each,
    );
    expect(assignCauses(findings).some((each) => each.cause)).toBe(false);
  });
});
