import { createHash } from 'node:crypto';

/**
 * A 64-bit SimHash of 5-word shingles, as the near-duplicates finding defines it, for tests of
 * the planted clusters. The shingle hash is a parameter because the finding does not fix one:
 * the tests run two independent ones (the two halves of an MD5) so a cluster that only holds
 * under one hash function fails.
 */

export const SHINGLE_WORDS = 5;
/** A 64-bit hash as its high and low 32 bits (plain numbers keep the bit loop fast). */
export type ShingleHash = (shingle: string) => readonly [number, number];

const md5Half =
  (offset: 0 | 8): ShingleHash =>
  (shingle) => {
    const digest = createHash('md5').update(shingle).digest();
    return [digest.readUInt32BE(offset), digest.readUInt32BE(offset + 4)];
  };

export const SHINGLE_HASHES: readonly ShingleHash[] = [md5Half(0), md5Half(8)];

export function simhash(words: readonly string[], hash: ShingleHash): bigint {
  const weights = new Array<number>(64).fill(0);
  const lower = words.map((word) => word.toLowerCase());
  for (let i = 0; i + SHINGLE_WORDS <= lower.length; i++) {
    const [high, low] = hash(lower.slice(i, i + SHINGLE_WORDS).join(' '));
    for (let bit = 0; bit < 32; bit++) {
      weights[bit]! += (low >>> bit) & 1 ? 1 : -1;
      weights[bit + 32]! += (high >>> bit) & 1 ? 1 : -1;
    }
  }
  let result = 0n;
  for (let bit = 63; bit >= 0; bit--) result = (result << 1n) | (weights[bit]! > 0 ? 1n : 0n);
  return result;
}

export function hammingDistance(a: bigint, b: bigint): number {
  let rest = a ^ b;
  let count = 0;
  while (rest !== 0n) {
    rest &= rest - 1n;
    count++;
  }
  return count;
}
