import { describe, expect, it } from 'vitest';
import { samePage } from './site-graph.ts';

/** The rule samePage keeps: addresses equal once the first run of slashes ending the path goes. */
const byRule = (a: string, b: string) =>
  a === b || a.replace(/\/+(?=$|\?)/, '') === b.replace(/\/+(?=$|\?)/, '');

describe('samePage', () => {
  const addresses = [
    'https://example.com',
    'https://example.com/',
    'https://example.com//',
    'https://example.com/a',
    'https://example.com/a/',
    'https://example.com/a//',
    'https://example.com/a/?x=1',
    'https://example.com/a?x=1',
    'https://example.com/a?x=1/',
    'https://example.com/a/?x=1/',
    'https://example.com/a/b',
    'https://example.com/a/b/',
    'https://example.com/a?next=/b/?c',
    'https://example.com/a/?next=/b/?c',
  ];

  it('treats a trailing slash, before the query or at the end, as the same page', () => {
    expect(samePage('https://example.com/a/', 'https://example.com/a')).toBe(true);
    expect(samePage('https://example.com/a/?x=1', 'https://example.com/a?x=1')).toBe(true);
    expect(samePage('https://example.com/a/b', 'https://example.com/a')).toBe(false);
    expect(samePage('https://example.com/a?x=1', 'https://example.com/a?x=2')).toBe(false);
  });

  it('answers as the rule does for every pair', () => {
    for (const a of addresses) {
      for (const b of addresses) expect([a, b, samePage(a, b)]).toEqual([a, b, byRule(a, b)]);
    }
  });
});
