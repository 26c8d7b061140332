import { data } from 'franc-min/data.js';
import { expressions } from 'franc-min/expressions.js';

/**
 * franc-min's language ranking (its `francAll` without `only`/`ignore`), over franc-min's own
 * trigram profiles and script expressions, with the profiles indexed on first use, one script
 * at a time. franc-min indexes all 66 profiles (20,000 trigrams) into objects when its module
 * loads: 13-20 ms of every one-page CLI run (issue 23.1), most of it for scripts the page is
 * not written in. Same answers, order and scores as francAll (language-detect.test.ts compares
 * the two).
 */

/** franc's sample limit, and its distance for a trigram a profile lacks. */
const MAX_LENGTH = 2048;
const MAX_DIFFERENCE = 300;

/**
 * A script's profiles inverted: each trigram any of its languages lists, with its rank in every
 * language's profile (-1 when absent). A page's sample then costs one lookup per trigram instead
 * of one per trigram and language (about 40 for Latin): the per-language lookups were the largest
 * cost of a crawled page's analysis (~1.6 ms a page; bench/results/crawl-*.md, issue 23.2).
 */
interface ScriptProfiles {
  languages: string[];
  /** Trigram (as trigramKey) → its row in `ranks`. */
  rows: Map<number, number>;
  /** Row-major: `ranks[row * languages.length + language]`. */
  ranks: Int32Array;
}

const indexed = new Map<string, ScriptProfiles>();

/**
 * A trigram as one number, its three UTF-16 code units: the sample's trigrams are counted in a
 * Map keyed by numbers, with no string made per trigram (making and hashing ~2,000 three-letter
 * strings was most of a page's ranking). Units below 1,024 (Latin, Greek, IPA) pack into 30
 * bits, a small integer V8 keeps unboxed; other trigrams take 48 bits above 2^30.
 */
function trigramKey(first: number, second: number, third: number): number {
  if ((first | second | third) < 1_024) return (first << 20) | (second << 10) | third;
  return 1_073_741_824 + first * 4_294_967_296 + second * 65_536 + third;
}

function profilesOf(script: string): ScriptProfiles {
  let profiles = indexed.get(script);
  if (!profiles) {
    // Each profile's trigrams as keys, once; one not three code units long (null) could never
    // equal a sample's, but keeps its place so the others keep their ranks.
    const key = (trigram: string) =>
      trigram.length === 3
        ? trigramKey(trigram.charCodeAt(0), trigram.charCodeAt(1), trigram.charCodeAt(2))
        : null;
    const entries = Object.entries(data[script] ?? {}).map(
      ([language, profile]) => [language, profile.split('|').map(key)] as const,
    );
    const rows = new Map<number, number>();
    for (const [, keys] of entries) {
      for (const at of keys) if (at !== null && !rows.has(at)) rows.set(at, rows.size);
    }
    const count = entries.length;
    const ranks = new Int32Array(rows.size * count).fill(-1);
    entries.forEach(([, keys], language) => {
      keys.forEach((at, rank) => {
        if (at === null) return;
        const cell = (rows.get(at) as number) * count + language;
        // A trigram listed twice keeps its first rank, as in franc.
        if (ranks[cell] === -1) ranks[cell] = rank;
      });
    });
    profiles = { languages: entries.map(([language]) => language), rows, ranks };
    indexed.set(script, profiles);
  }
  return profiles;
}

/**
 * trigram-utils' `asTuples`: the value cleaned (ASCII punctuation, symbols and digits dropped,
 * white space collapsed, lower case) and padded with a space, its trigrams (as trigramKey) with
 * their counts, fewest first, ties in the order first seen (a Map keeps its insertion order, as
 * trigram-utils' object did for keys that are never integer-like: digits are dropped).
 */
function sampleTuples(value: string): Array<[number, number]> {
  const cleaned = ` ${value
    .replace(/[\u0021-\u0040]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()} `;
  const counts = new Map<number, number>();
  for (let index = 0; index + 3 <= cleaned.length; index++) {
    const trigram = trigramKey(
      cleaned.charCodeAt(index),
      cleaned.charCodeAt(index + 1),
      cleaned.charCodeAt(index + 2),
    );
    counts.set(trigram, (counts.get(trigram) ?? 0) + 1);
  }
  return Array.from(counts).sort((a, b) => a[1] - b[1]);
}

/** The script whose characters are the largest share of `value`, and that share. */
function topScript(value: string): [string | undefined, number] {
  let top: string | undefined;
  let topShare = -1;
  for (const [script, expression] of Object.entries(expressions)) {
    const share = (value.match(expression)?.length ?? 0) / value.length || 0;
    if (share > topShare) {
      topShare = share;
      top = script;
    }
  }
  return [top, topShare];
}

/**
 * Languages ranked for `text`, best first, each with a score relative to the best (1);
 * `[['und', 1]]` when undetermined (shorter than `minLength`, no script found).
 */
export function rankLanguages(text: string, minLength: number): Array<[string, number]> {
  if (!text || text.length < minLength) return [['und', 1]];
  const value = text.slice(0, MAX_LENGTH);
  const [script, share] = topScript(value);
  if (script === undefined || !Object.hasOwn(data, script)) {
    return script === undefined || share === 0 ? [['und', 1]] : [[script, 1]];
  }
  const sample = sampleTuples(value);
  const { languages, rows, ranks } = profilesOf(script);
  const count = languages.length;
  const sums = new Float64Array(count);
  let absent = 0;
  // Indexed loops, without destructuring (which iterates): a one-page CLI run has no optimising
  // compiler by now (cli-v8-tiers.ts), and for-of with destructuring cost ~5 ms here.
  for (let index = 0; index < sample.length; index++) {
    const tuple = sample[index] as [number, number];
    const row = rows.get(tuple[0]);
    if (row === undefined) {
      absent++;
      continue;
    }
    const base = row * count;
    for (let language = 0; language < count; language++) {
      const rank = ranks[base + language] as number;
      sums[language] =
        (sums[language] as number) + (rank === -1 ? MAX_DIFFERENCE : Math.abs(tuple[1] - rank - 1));
    }
  }
  const distances: Array<[string, number]> = languages.map((language, index) => [
    language,
    (sums[index] as number) + absent * MAX_DIFFERENCE,
  ]);
  if (distances.length === 0) return [['und', 1]];
  distances.sort((a, b) => a[1] - b[1]);
  const min = distances[0]?.[1] ?? 0;
  const max = value.length * MAX_DIFFERENCE - min;
  return distances.map(([language, distance]) => [language, 1 - (distance - min) / max || 0]);
}
