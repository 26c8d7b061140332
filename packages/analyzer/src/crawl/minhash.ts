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

const FNV_PRIME = 0x01000193;
const FIRST_SEED = 0x811c9dc5;
const STEP_SEED = 0x9747b28c;
const SPACE = 0x20;

/** murmur3's finaliser, to spread an FNV-1a state. */
function finalise(state: number): number {
  let hash = state;
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
    // The two base hashes are FNV-1a over the shingle's words joined by spaces, from two seeds,
    // each finalised: computed over the words in place, in one pass, without making the joined
    // string (one string per shingle was most of this function's time and garbage).
    let first = FIRST_SEED;
    let step = STEP_SEED;
    const end = Math.min(start + SHINGLE_WORDS, lowered.length);
    for (let index = start; index < end; index += 1) {
      if (index > start) {
        first = Math.imul(first ^ SPACE, FNV_PRIME);
        step = Math.imul(step ^ SPACE, FNV_PRIME);
      }
      const word = lowered[index]!;
      for (let i = 0; i < word.length; i += 1) {
        const code = word.charCodeAt(i);
        first = Math.imul(first ^ code, FNV_PRIME);
        step = Math.imul(step ^ code, FNV_PRIME);
      }
    }
    first = finalise(first);
    step = finalise(step) | 1;
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
