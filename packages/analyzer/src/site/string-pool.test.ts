import { describe, expect, it } from 'vitest';
import { createStringPool } from './string-pool.ts';

describe('createStringPool', () => {
  it('answers the first copy of each distinct string, and each pool keeps its own', () => {
    const pool = createStringPool();
    // Built at run time, so the engine cannot have made them one string already.
    const first = ['https://example.com', 'a'].join('/');
    const second = ['https://example.com/', 'a'].join('');
    expect(pool(first)).toBe(first);
    expect(pool(second)).toBe(first);
    expect(pool('other')).toBe('other');
    expect(pool('')).toBe('');
    const another = createStringPool();
    expect(another(second)).toBe(second);
  });
});
