import { describe, expect, it } from 'vitest';
import { nearDuplicateClusters } from '../site/near-duplicates.ts';
import { minHash, signatureSimilarity } from './minhash.ts';

/** A deterministic walk over a 997-word vocabulary: texts differ everywhere unless built alike. */
const text = (seed: number, count = 300) => {
  const out: string[] = [];
  let state = seed;
  for (let i = 0; i < count; i += 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out.push(`w${state % 997}`);
  }
  return out;
};

const edited = (words: readonly string[], changes: number) => {
  const copy = [...words];
  for (let i = 0; i < changes; i += 1) copy[20 + i * 37] = `changed${i}`;
  return copy;
};

describe('minHash', () => {
  it('is 64 eight-digit hex values, stable, and ignores case', () => {
    const words = text(1);
    expect(minHash(words)).toMatch(/^[0-9a-f]{512}$/);
    expect(minHash(words)).toBe(minHash(words.map((w) => w.toUpperCase())));
  });

  it('estimates near-identical texts as similar and unrelated ones as not', () => {
    const base = text(7);
    expect(signatureSimilarity(minHash(base), minHash(base))).toBe(1);
    // 3 words changed in 300 touch 15 of 296 shingles: a Jaccard similarity of about 0.9.
    expect(signatureSimilarity(minHash(base), minHash(edited(base, 3)))).toBeGreaterThan(0.8);
    for (let seed = 20; seed < 30; seed += 1) {
      expect(signatureSimilarity(minHash(base), minHash(text(seed)))).toBeLessThan(0.1);
    }
  });
});

describe('nearDuplicateClusters', () => {
  it('groups near-identical pages, transitively, and leaves different ones alone', () => {
    const base = text(3);
    const pages = [
      { key: 'a', fingerprint: minHash(base) },
      { key: 'b', fingerprint: minHash(edited(base, 2)) },
      { key: 'c', fingerprint: minHash(text(4)) },
      { key: 'd', fingerprint: minHash(edited(base, 1)) },
      { key: 'e', fingerprint: minHash(text(5)) },
    ];
    expect(nearDuplicateClusters(pages)).toEqual([['a', 'b', 'd']]);
  });

  it('does not group pages that share only a quarter of their text', () => {
    const shared = text(9, 80);
    const pages = [
      { key: 'x', fingerprint: minHash([...shared, ...text(10, 240)]) },
      { key: 'y', fingerprint: minHash([...shared, ...text(11, 240)]) },
    ];
    expect(nearDuplicateClusters(pages)).toEqual([]);
  });
});
