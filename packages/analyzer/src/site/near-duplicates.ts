import { SIGNATURE_SIZE, signatureSimilarity } from '../crawl/minhash.ts';

/**
 * Near-duplicate clusters among pages' MinHash signatures (crawl/minhash.ts): two pages are
 * near-duplicates when their signatures estimate a Jaccard similarity of their 5-word shingles
 * of at least MIN_SIMILARITY. Candidates come from locality-sensitive hashing rather than from
 * every pair: 16 bands of 4 positions, and only pages sharing a whole band are compared — a pair
 * at 0.8 shares one with a probability of 1 − (1 − 0.8⁴)¹⁶ ≈ 0.9996. Clusters are the connected
 * groups (union-find). docs/checks.md, "near-duplicates".
 */

export const MIN_SIMILARITY = 0.8;
const ROWS_PER_BAND = 4;
const BANDS = SIGNATURE_SIZE / ROWS_PER_BAND;

export function nearDuplicateClusters(
  pages: ReadonlyArray<{ key: string; fingerprint: string }>,
): string[][] {
  const parent = pages.map((_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root]!;
    while (parent[i] !== root) {
      const next = parent[i]!;
      parent[i] = root;
      i = next;
    }
    return root;
  };
  const width = ROWS_PER_BAND * 8;
  for (let band = 0; band < BANDS; band += 1) {
    const buckets = new Map<string, number[]>();
    pages.forEach((page, i) => {
      const part = page.fingerprint.slice(band * width, band * width + width);
      const bucket = buckets.get(part);
      if (bucket) bucket.push(i);
      else buckets.set(part, [i]);
    });
    for (const bucket of buckets.values()) {
      for (let a = 0; a < bucket.length; a += 1) {
        for (let b = a + 1; b < bucket.length; b += 1) {
          const left = bucket[a]!;
          const right = bucket[b]!;
          if (find(left) === find(right)) continue;
          const similarity = signatureSimilarity(
            pages[left]!.fingerprint,
            pages[right]!.fingerprint,
          );
          if (similarity >= MIN_SIMILARITY) parent[find(right)] = find(left);
        }
      }
    }
  }
  const clusters = new Map<number, string[]>();
  pages.forEach((page, i) => {
    const root = find(i);
    const cluster = clusters.get(root);
    if (cluster) cluster.push(page.key);
    else clusters.set(root, [page.key]);
  });
  return [...clusters.values()].filter((cluster) => cluster.length > 1);
}
