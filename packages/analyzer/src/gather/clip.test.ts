import { describe, expect, it } from 'vitest';
import { clip, MAX_QUOTE_LENGTH } from './clip.ts';

describe('clip', () => {
  it('leaves short text alone', () => {
    expect(clip('example.com')).toBe('example.com');
    expect(clip('x'.repeat(MAX_QUOTE_LENGTH))).toBe('x'.repeat(MAX_QUOTE_LENGTH));
  });

  it('cuts long text to the limit, ellipsis included', () => {
    const clipped = clip('br,'.repeat(21_000));
    expect(clipped).toHaveLength(MAX_QUOTE_LENGTH);
    expect(clipped.endsWith('…')).toBe(true);
    expect(clip('abcdef', 4)).toBe('abc…');
  });

  it('never splits a surrogate pair', () => {
    expect(clip('ab😀cd', 4)).toBe('ab…');
    expect(clip('a😀cd', 4)).toBe('a😀…');
  });
});
