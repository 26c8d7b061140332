import { describe, expect, it } from 'vitest';
import { readLayoutShift } from './layout-shift-script.ts';

describe('readLayoutShift', () => {
  it('keeps the ten largest sources, rounded, largest first', () => {
    const sources = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`div.n${i}`, (i + 1) / 1000 + 0.000004]),
    );
    const read = readLayoutShift({ cls: 0.123456, shifts: 3, sources });
    expect(read?.cls).toBe(0.1235);
    expect(read?.shifts).toBe(3);
    expect(read?.sources).toHaveLength(10);
    expect(read?.sources[0]).toEqual({ element: 'div.n11', score: 0.012 });
  });

  it('refuses what a page could have put in its place', () => {
    expect(readLayoutShift(null)).toBeNull();
    expect(readLayoutShift('x')).toBeNull();
    expect(readLayoutShift({ cls: -1, shifts: 0 })).toBeNull();
    expect(readLayoutShift({ cls: Number.NaN, shifts: 0 })).toBeNull();
    expect(readLayoutShift({ cls: 0.2, shifts: 'many' })).toBeNull();
    expect(
      readLayoutShift({ cls: 0.2, shifts: 1, sources: { ok: 0.2, bad: 'x', zero: 0 } }),
    ).toEqual({ cls: 0.2, shifts: 1, sources: [{ element: 'ok', score: 0.2 }] });
  });
});
