import { data } from 'franc-min/data.js';
import { expressions } from 'franc-min/expressions.js';
import { asTuples } from 'trigram-utils';

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

/** Per script, per language (in franc-min's order): each trigram's rank in the profile. */
const indexed = new Map<string, Array<[string, Map<string, number>]>>();

function profilesOf(script: string): Array<[string, Map<string, number>]> {
  let profiles = indexed.get(script);
  if (!profiles) {
    profiles = Object.entries(data[script] ?? {}).map(([language, profile]) => {
      const trigrams = profile.split('|');
      const ranks = new Map<string, number>();
      // From the end, so a trigram listed twice keeps its first rank, as in franc.
      for (let rank = trigrams.length - 1; rank >= 0; rank--) {
        ranks.set(trigrams[rank] as string, rank);
      }
      return [language, ranks];
    });
    indexed.set(script, profiles);
  }
  return profiles;
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
  const sample = asTuples(value);
  const distances: Array<[string, number]> = profilesOf(script).map(([language, ranks]) => {
    let distance = 0;
    // Indexed, without destructuring (which iterates): a one-page CLI run has no optimising
    // compiler by now (cli-v8-tiers.ts), and for-of with destructuring cost ~5 ms here.
    for (let index = 0; index < sample.length; index++) {
      const tuple = sample[index] as [string, number];
      const rank = ranks.get(tuple[0]);
      distance += rank === undefined ? MAX_DIFFERENCE : Math.abs(tuple[1] - rank - 1);
    }
    return [language, distance];
  });
  if (distances.length === 0) return [['und', 1]];
  distances.sort((a, b) => a[1] - b[1]);
  const min = distances[0]?.[1] ?? 0;
  const max = value.length * MAX_DIFFERENCE - min;
  return distances.map(([language, distance]) => [language, 1 - (distance - min) / max || 0]);
}
