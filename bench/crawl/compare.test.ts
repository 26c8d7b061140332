import { describe, expect, it } from 'vitest';
import { compareFindings, describeMismatches } from './compare.ts';

const affected = {
  'broken-internal-links': ['http://s/a', 'http://s/b'],
  'deep-pages': ['http://s/d1', 'http://s/d2', 'http://s/d3'],
};

describe('compareFindings', () => {
  it('passes when every finding names exactly the expected addresses', () => {
    const result = compareFindings(affected, [
      { id: 'broken-internal-links', count: 2, urls: ['http://s/b', 'http://s/a'] },
      { id: 'deep-pages', count: 3, urls: ['http://s/d1', 'http://s/d2', 'http://s/d3'] },
    ]);
    expect(result.ok).toBe(true);
    expect(result.falseBrokenLinks).toEqual([]);
    expect(describeMismatches(result)).toEqual([]);
  });

  it('reports a missed address, a false broken link and a finding the site does not have', () => {
    const result = compareFindings(affected, [
      { id: 'broken-internal-links', count: 2, urls: ['http://s/a', 'http://s/zz'] },
      { id: 'deep-pages', count: 3, urls: ['http://s/d1', 'http://s/d2', 'http://s/d3'] },
      { id: 'orphan-pages', count: 1, urls: ['http://s/o'] },
    ]);
    expect(result.ok).toBe(false);
    expect(result.falseBrokenLinks).toEqual(['http://s/zz']);
    const broken = result.checks.find((check) => check.id === 'broken-internal-links');
    expect(broken?.missing).toEqual(['http://s/b']);
    expect(result.checks.find((check) => check.id === 'orphan-pages')).toMatchObject({
      expected: 0,
      found: 1,
      ok: false,
    });
    expect(describeMismatches(result)).toEqual([
      'broken-internal-links: expected 2, found 2; missing http://s/b; extra http://s/zz',
      'orphan-pages: expected 0, found 1; extra http://s/o',
    ]);
  });

  it('fails a finding the crawl did not report at all', () => {
    const result = compareFindings(affected, [
      { id: 'broken-internal-links', count: 2, urls: ['http://s/a', 'http://s/b'] },
    ]);
    expect(result.checks.find((check) => check.id === 'deep-pages')).toMatchObject({
      found: 0,
      missing: ['http://s/d1', 'http://s/d2', 'http://s/d3'],
      ok: false,
    });
  });

  it('compares a clipped finding by its count and its listed addresses', () => {
    const clipped = (count: number, urls: string[]) =>
      compareFindings(affected, [
        { id: 'broken-internal-links', count: 2, urls: ['http://s/a', 'http://s/b'] },
        { id: 'deep-pages', count, urls },
      ]);
    expect(clipped(3, ['http://s/d1', 'http://s/d2']).ok).toBe(true);
    expect(clipped(4, ['http://s/d1', 'http://s/d2']).ok).toBe(false);
    expect(clipped(3, ['http://s/d1', 'http://s/x']).ok).toBe(false);
  });
});
