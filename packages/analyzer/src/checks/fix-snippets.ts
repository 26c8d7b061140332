/**
 * Helpers for concrete fixes (issue 9, item 5): code a site owner can paste, written from the
 * page's own values. A finding that has such code puts it in `howToFix` (prose) and, verbatim,
 * in `details.fixSnippet` (a string) so a report screen can offer a copy button.
 */

import type { FixDetails } from '@crawlwise/shared/check-details';
import type { CheckOutcome, NoSkipped, OutcomeFields } from './check.ts';

/** A concrete fix: the step in prose and, when it is code, the code itself. */
export interface Fix {
  howToFix: string;
  fixSnippet?: string;
}

/**
 * The outcome with the fix attached when it failed: `howToFix`, and `details.fixSnippet` when
 * there is code. A success, a skip or a not-applicable outcome is returned as it is. The fix may
 * be given as a function, so a passing page never pays for working one out.
 */
export function withFix<D extends object>(
  // The outcome's own fields rather than CheckOutcome<D>, so D is inferred from its details.
  outcome: OutcomeFields & { details?: D & NoSkipped },
  fixOrMake: Fix | null | (() => Fix | null),
): CheckOutcome<D & FixDetails> {
  // A typed D comes with its details (CheckOutcome requires them), so none is lost to the cast.
  const as = (result: OutcomeFields & { details?: object }) =>
    result as CheckOutcome<D & FixDetails>;
  if (outcome.severity === 'success' || outcome.outcome !== undefined) return as(outcome);
  const fix = typeof fixOrMake === 'function' ? fixOrMake() : fixOrMake;
  if (fix === null) return as(outcome);
  if (fix.fixSnippet === undefined) return as({ ...outcome, howToFix: fix.howToFix });
  const details: FixDetails = { ...outcome.details, fixSnippet: fix.fixSnippet };
  return as({ ...outcome, howToFix: fix.howToFix, details });
}

/**
 * The text cut to at most `max` code points at the last word boundary (no ellipsis: the result
 * is a title or description to publish, not a preview), trailing separators dropped. A text
 * without a space in its second half is cut at the limit.
 */
export function trimAtWordBoundary(value: string, max: number): string {
  const chars = [...value.trim()];
  if (chars.length <= max) return chars.join('');
  const head = chars.slice(0, max).join('');
  const next = chars[max];
  const space = next === ' ' ? head.length : head.lastIndexOf(' ');
  const cut = space >= head.length / 2 ? head.slice(0, space) : head;
  return cut.replace(/[\s,;:\-–—|]+$/u, '');
}

/** Words a shortened title must not end on: it would stop mid-phrase ("…binaries using"). */
const DANGLING_WORDS = new Set(
  (
    'a an the and or but nor of for with without to in on at by from into onto over under about ' +
    'using via as than that which who whom whose how why what when where while your our their ' +
    'its my his her this these those is are was were be been & + - – —'
  ).split(' '),
);

/** Where a title's phrases meet: " | ", " - ", " – ", " — ", " · ", ": " and sentence ends. */
const PHRASE_BREAK = /\s+[|·–—-]\s+|:\s+|[.!?]\s+/gu;

/**
 * `value` cut to at most `max` characters at a phrase boundary (issue 27): the longest run of whole
 * phrases that fits ("How we build fast binaries | Blog" → "How we build fast binaries"), else
 * whole words, dropping the phrase the cut broke into ("…binaries using V8 startup" → "…binaries")
 * and any word that cannot end a title ("of", "using", "and"...). Null when what is left would be
 * under half of `max`: such a value should be rewritten, not cut.
 */
export function trimAtPhraseBoundary(value: string, max: number): string | null {
  const text = value.trim();
  const length = (part: string) => [...part].length;
  if (length(text) <= max) return text;
  let phrases: string | null = null;
  for (const match of text.matchAll(PHRASE_BREAK)) {
    const before = text.slice(0, match.index).trim();
    if (length(before) > max) break;
    phrases = before;
  }
  if (phrases !== null && length(phrases) >= max / 2) return phrases;
  const chars = [...text];
  // Whole words only: the word the limit falls in is dropped.
  const head = chars.slice(0, max + 1).join('');
  const lastSpace = head.lastIndexOf(' ');
  if (lastSpace <= 0) return null;
  const words = head.slice(0, lastSpace).split(/\s+/);
  const connector = words.findLastIndex(
    (word, index) => index > 0 && DANGLING_WORDS.has(word.toLowerCase()),
  );
  if (connector > 0) words.length = connector;
  while (words.length > 1 && DANGLING_WORDS.has(words.at(-1)!.toLowerCase())) words.pop();
  const cut = words.join(' ').replace(/[\s,;:\-–—|]+$/u, '');
  return length(cut) >= max / 2 ? cut : null;
}

/** The first text of the list that is not empty, or null. */
export function firstText(...values: ReadonlyArray<string | null | undefined>): string | null {
  return (
    values.find((value) => value !== null && value !== undefined && value.trim() !== '') ?? null
  );
}

/** Text safe inside a double-quoted HTML attribute. */
export function attributeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Text safe as the content of an element such as `<title>`. */
export function elementText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/**
 * A `<script type="application/ld+json">` holding the data, pretty-printed. `</` and `<!--`
 * are escaped so no string inside can end the script element early.
 */
export function jsonLdScript(data: unknown): string {
  const json = JSON.stringify(data, null, 2).replace(/<\//g, '<\\/').replace(/<!--/g, '<\\u0021--');
  return `<script type="application/ld+json">\n${json}\n</script>`;
}
