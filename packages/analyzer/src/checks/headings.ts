import { type Document, type Element, elementsByTag, isInside } from '../page/dom.ts';
import { elementText, imageAltText } from '../page/element-text.ts';
import { metaValues } from '../page/metadata.ts';
import type { Check, CheckOutcome } from './check.ts';
import { elementText as escapedText, type Fix, firstText, withFix } from './fix-snippets.ts';
import { documentTitle, MAX_LISTED, SHOWN_READ, truncate } from './markup-helpers.ts';
import { type Problem, warningsOutcome } from './warnings-outcome.ts';

/**
 * `headings` (content): exactly one non-empty `<h1>` (none is a warning: an empty `<h1>` counts
 * as missing; several is a warning), and heading levels never skip on the way down (h2 → h4 is a
 * warning; going back up any number of levels is fine, and the first heading may be any level).
 * A heading's text is its text content, or the alt text of images inside it (logo headings).
 * Headings inside `<template>` are not part of the page and are ignored.
 */

const MAX_OUTLINE = 50;

/** The heading's text as shown in details (read only that far: headings may nest). */
function headingText(doc: Document, el: Element): string {
  const text = elementText(doc, el, { max: SHOWN_READ });
  return text || imageAltText(doc, el, { max: SHOWN_READ });
}

/** Headings a fix rewrites; more would be a template change, named in prose. */
const MAX_FIXED = 5;

const tag = (level: number, text: string) => `<h${level}>${escapedText(text)}</h${level}>`;

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/**
 * Of several <h1>s, the one to keep: the one whose words best match the page title (issue 27:
 * the first was kept, often the site's name in the header, while the article's own title was
 * demoted). Ties, and a page without a title, keep the first.
 */
export function h1ToKeep(
  h1s: ReadonlyArray<{ text: string }>,
  title: string | null,
): { index: number; matchesTitle: boolean } {
  const titleWords = words(title ?? '');
  if (titleWords.size === 0) return { index: 0, matchesTitle: false };
  let best = 0;
  let bestScore = 0;
  h1s.forEach((h1, index) => {
    const own = words(h1.text);
    const shared = [...own].filter((word) => titleWords.has(word)).length;
    const score = shared / (own.size + titleWords.size - shared || 1);
    if (score > bestScore) {
      best = index;
      bestScore = score;
    }
  });
  return { index: best, matchesTitle: bestScore > 0 };
}

/**
 * The headings to write: an <h1> from the page title when there is none, the extra <h1>s as
 * <h2> (keeping the one that matches the title), and each skipped level one level down from the
 * heading before it.
 */
function headingsFix(
  doc: Document,
  h1s: ReadonlyArray<{ text: string }>,
  skips: ReadonlyArray<{ from: string; to: string; text: string }>,
): Fix | null {
  const steps: string[] = [];
  const lines: string[] = [];
  if (h1s.length === 0) {
    const topic = firstText(documentTitle(doc), metaValues(doc, 'og:title')[0]);
    if (topic !== null) {
      const h1 = tag(1, topic);
      steps.push(`add ${h1} at the top of the main content (from the page title; adjust it)`);
      lines.push(h1);
    } else {
      steps.push('add one <h1> naming the topic');
    }
  } else if (h1s.length > 1) {
    const kept = h1ToKeep(h1s, documentTitle(doc));
    const others = h1s.filter((_, index) => index !== kept.index);
    steps.push(
      `keep ${tag(1, h1s[kept.index]!.text)}${kept.matchesTitle ? ' (it matches the page title)' : ''} and turn the other ${others.length} into <h2>`,
    );
    lines.push(...others.slice(0, MAX_FIXED).map((h) => tag(2, h.text)));
  }
  if (skips.length > 0) {
    const fixed = skips.slice(0, MAX_FIXED).map((skip) => tag(Number(skip.from[1]) + 1, skip.text));
    steps.push(
      `move ${skips.length === 1 ? 'the heading that skips' : `the ${skips.length} headings that skip`} a level up to one below the heading before ${skips.length === 1 ? 'it' : 'each'}`,
    );
    lines.push(...fixed);
  }
  if (steps.length === 0) return null;
  const text = steps.join('; ');
  return {
    howToFix: `${text.charAt(0).toUpperCase()}${text.slice(1)}.`,
    ...(lines.length === 0 ? {} : { fixSnippet: lines.join('\n') }),
  };
}

export const headings: Check = {
  meta: {
    id: 'headings',
    title: 'Heading structure',
    why: 'Headings outline the page for search engines and screen-reader users. Use one <h1> naming the topic, then <h2> for sections and <h3> inside them, without skipping levels.',
    howToFix:
      'Use one <h1> naming the topic, then <h2> for sections and <h3> inside them, without skipping levels.',
    fixSnippet:
      'the headings to write, one a line: an <h1> from the page title when there is none, the extra <h1>s as <h2>, and each heading that skips a level at one below the heading before it (at most five of each).',
  },
  run(page): CheckOutcome {
    const doc = page.document;
    const elements = elementsByTag(doc, 'h1', 'h2', 'h3', 'h4', 'h5', 'h6').filter(
      (el) => !isInside(doc, el, 'template'),
    );
    const outline = elements.map((el) => ({
      level: Number(el.name[1]),
      text: truncate(headingText(doc, el)),
    }));
    const h1s = outline.filter((h) => h.level === 1);
    const filledH1s = h1s.filter((h) => h.text !== '');

    const skips: Array<{ from: string; to: string; text: string }> = [];
    let previous: number | null = null;
    for (const heading of outline) {
      if (previous !== null && heading.level > previous + 1) {
        skips.push({ from: `h${previous}`, to: `h${heading.level}`, text: heading.text });
      }
      previous = heading.level;
    }

    const details = {
      h1Count: filledH1s.length,
      emptyH1Count: h1s.length - filledH1s.length,
      h1: filledH1s.slice(0, MAX_LISTED).map((h) => h.text),
      skips: skips.slice(0, MAX_LISTED),
      skipCount: skips.length,
      outline: outline.slice(0, MAX_OUTLINE),
    };

    const problems: Problem[] = [];
    if (filledH1s.length === 0) {
      problems.push({
        message: h1s.length > 0 ? 'The <h1> heading is empty' : 'Page has no <h1> heading',
        why: 'The <h1> is the main heading search engines read as the page topic. Add one <h1> with text that names it.',
      });
    } else if (filledH1s.length > 1) {
      problems.push({
        message: `Page has ${filledH1s.length} <h1> headings`,
        why: 'Several <h1> headings blur what the page is mainly about. Keep one <h1> and turn the others into <h2>.',
      });
    }
    if (skips.length > 0) {
      const first = skips[0]!;
      problems.push({
        message:
          skips.length === 1
            ? `Heading level skips from ${first.from} to ${first.to}`
            : `Heading levels skip ${skips.length} times`,
        why: 'Skipped heading levels break the outline that search engines and screen readers follow. Go down one level at a time (h2, then h3); choose levels by structure and style them with CSS.',
      });
    }

    return withFix(warningsOutcome(problems, details, 'Heading structure is sound'), () =>
      headingsFix(doc, filledH1s, skips),
    );
  },
};
