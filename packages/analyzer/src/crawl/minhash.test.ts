import { describe, expect, it } from 'vitest';
import { nearDuplicateClusters } from '../site/near-duplicates.ts';
import { minHash, SHINGLE_WORDS, SIGNATURE_SIZE, signatureSimilarity } from './minhash.ts';

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

/**
 * The signature as first written: each shingle's words joined into a string, hashed twice. The
 * stored fingerprints were made by it, so minHash must give exactly its output.
 */
function referenceMinHash(words: readonly string[]): string {
  const hash32 = (value: string, seed: number) => {
    let hash = seed >>> 0;
    for (let i = 0; i < value.length; i += 1) {
      hash ^= value.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    hash ^= hash >>> 16;
    hash = Math.imul(hash, 0x85ebca6b);
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0xc2b2ae35);
    hash ^= hash >>> 16;
    return hash >>> 0;
  };
  const minimum = new Uint32Array(SIGNATURE_SIZE).fill(0xffffffff);
  const lowered = words.map((word) => word.toLowerCase());
  const count = Math.max(1, lowered.length - SHINGLE_WORDS + 1);
  for (let start = 0; start < count; start += 1) {
    const shingle = lowered.slice(start, start + SHINGLE_WORDS).join(' ');
    const first = hash32(shingle, 0x811c9dc5);
    const step = hash32(shingle, 0x9747b28c) | 1;
    for (let i = 0; i < SIGNATURE_SIZE; i += 1) {
      const value = (first + Math.imul(i, step)) >>> 0;
      if (value < minimum[i]!) minimum[i] = value;
    }
  }
  return Array.from(minimum, (value) => value.toString(16).padStart(8, '0')).join('');
}

describe('minHash against the signature as first written', () => {
  it('gives exactly its output: empty, short, mixed-case, non-Latin and long texts', () => {
    const samples: string[][] = [
      [],
      ['Oak'],
      ['Oak', 'TABLE', 'chairs'],
      ['a', 'b', 'c', 'd', 'e'],
      'Ärger über Straße und Ça va – 東京 の 天気 はい 😀 emoji'.split(' '),
      text(11, 120),
      text(12, 2000).map((word, index) => (index % 3 === 0 ? word.toUpperCase() : word)),
    ];
    for (let seed = 100; seed < 160; seed += 1) samples.push(text(seed, seed % 40));
    for (const words of samples) expect(minHash(words)).toBe(referenceMinHash(words));
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
