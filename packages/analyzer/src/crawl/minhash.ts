/**
 * A MinHash signature (Broder, "On the resemblance and containment of documents", 1997) of a
 * text's 5-word shingles: the share of positions two signatures agree on estimates the Jaccard
 * similarity of the two shingle sets, so near-duplicate pages are found by comparing 64 numbers
 * instead of their texts. The 64 hash functions are derived from two base hashes per shingle
 * (h1 + i·h2, Kirsch and Mitzenmacher's double hashing). Returned as 512 lower-case hex digits
 * (64 × 8), what the page's signals store.
 */

/** Words per shingle: short enough to survive small edits, long enough to keep word order. */
export const SHINGLE_WORDS = 5;
/** Hash functions per signature: the Jaccard estimate's standard error is at most 1/16. */
export const SIGNATURE_SIZE = 64;

/** FNV-1a over the string's UTF-16 code units from a seed, then murmur3's finaliser to spread it. */
function hash32(value: string, seed: number): number {
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
}

export function minHash(words: readonly string[]): string {
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
  let hex = '';
  for (const value of minimum) hex += value.toString(16).padStart(8, '0');
  return hex;
}

/** The Jaccard similarity two signatures estimate: the share of positions they agree on. */
export function signatureSimilarity(a: string, b: string): number {
  let same = 0;
  for (let i = 0; i < SIGNATURE_SIZE; i += 1) {
    if (a.slice(i * 8, i * 8 + 8) === b.slice(i * 8, i * 8 + 8)) same += 1;
  }
  return same / SIGNATURE_SIZE;
}
