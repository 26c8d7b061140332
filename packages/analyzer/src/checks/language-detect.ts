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
  /** Trigram → its row in `ranks`. */
  rows: Map<string, number>;
  /** Row-major: `ranks[row * languages.length + language]`. */
  ranks: Int32Array;
}

const indexed = new Map<string, ScriptProfiles>();

function profilesOf(script: string): ScriptProfiles {
  let profiles = indexed.get(script);
  if (!profiles) {
    const entries = Object.entries(data[script] ?? {}).map(
      ([language, profile]) => [language, profile.split('|')] as const,
    );
    const rows = new Map<string, number>();
    for (const [, trigrams] of entries) {
      for (const trigram of trigrams) if (!rows.has(trigram)) rows.set(trigram, rows.size);
    }
    const count = entries.length;
    const ranks = new Int32Array(rows.size * count).fill(-1);
    entries.forEach(([, trigrams], language) => {
      trigrams.forEach((trigram, rank) => {
        const cell = (rows.get(trigram) as number) * count + language;
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
 * white space collapsed, lower case) and padded with a space, its trigrams with their counts,
 * fewest first, ties in the order first seen (a Map keeps it as their object did, whose keys here
 * are never integer-like: digits are dropped).
 */
function sampleTuples(value: string): Array<[string, number]> {
  const cleaned = ` ${value
    .replace(/[\u0021-\u0040]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()} `;
  const counts = new Map<string, number>();
  for (let index = 0; index + 3 <= cleaned.length; index++) {
    const trigram = cleaned.slice(index, index + 3);
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
    const tuple = sample[index] as [string, number];
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
