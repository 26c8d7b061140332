import {
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_MIN_LENGTH,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
} from '@crawlwise/shared/limits';
import { type Document, elementsByTag, textContent } from '../page/dom.ts';
import { metaValues } from '../page/metadata.ts';
import {
  attributeText,
  elementText,
  type Fix,
  firstText,
  trimAtPhraseBoundary,
  trimAtWordBoundary,
} from './fix-snippets.ts';
import { codePointLength } from './markup-helpers.ts';

/**
 * The fixes of the `title` and `meta-description` findings, written from the page: a value too
 * long is cut at a word boundary to the limit; a missing one is taken from the Open Graph or
 * Twitter tags, the first heading or (for the description) the first paragraph long enough; a
 * short title gains the site name when that fits. Where the page has nothing to offer there is
 * no fix and the finding keeps the check's generic step.
 */

export interface MetadataState {
  /** The value Google reads (first in the head), or null. */
  value: string | null;
  /** How many the head has. */
  count: number;
  /** The text of the first one outside the head, if that is all there is. */
  ignoredValue: string | null;
}

const inRange = (text: string, min: number, max: number) => {
  const length = codePointLength(text);
  return length >= min && length <= max;
};

function firstHeading(doc: Document): string | null {
  const h1 = elementsByTag(doc, 'h1')[0];
  return h1 ? firstText(textContent(h1)) : null;
}

/** Paragraphs read for a summary candidate. */
const PARAGRAPHS_READ = 30;

/** The first paragraph of at least `min` characters (among the first 30): the page's own summary candidate. */
export function firstParagraph(doc: Document, min: number): string | null {
  // A summary sits near the top; reading every paragraph of a long page would cost more than
  // the check itself.
  for (const p of elementsByTag(doc, 'p').slice(0, PARAGRAPHS_READ)) {
    const text = textContent(p);
    if (codePointLength(text) >= min) return text;
  }
  return null;
}

const meta = (doc: Document, key: string) => metaValues(doc, key)[0] || null;

const titleTag = (text: string) => `<title>${elementText(text)}</title>`;

export function titleFix(doc: Document, state: MetadataState): Fix | null {
  const others = state.count > 1 ? ` and remove the other ${state.count - 1} <title> elements` : '';
  if (state.value === null || state.value === '') {
    if (state.ignoredValue) {
      const snippet = titleTag(trimAtWordBoundary(state.ignoredValue, TITLE_MAX_LENGTH));
      return {
        howToFix: `Move the title into <head>, before any element that ends it: ${snippet}.`,
        fixSnippet: snippet,
      };
    }
    const candidate = firstText(
      meta(doc, 'og:title'),
      meta(doc, 'twitter:title'),
      firstHeading(doc),
    );
    if (candidate === null) return null;
    const snippet = titleTag(trimAtWordBoundary(candidate, TITLE_MAX_LENGTH));
    return {
      howToFix: `Add ${snippet} to <head> (taken from the page's own heading or social title; adjust it to name the page's main topic)${others}.`,
      fixSnippet: snippet,
    };
  }
  const length = codePointLength(state.value);
  if (length > TITLE_MAX_LENGTH) {
    const shorter = trimAtPhraseBoundary(state.value, TITLE_MAX_LENGTH);
    if (shorter === null) {
      return {
        howToFix: `Rewrite the title in at most ${TITLE_MAX_LENGTH} characters, the page's main topic first: it cannot be cut shorter without breaking a phrase${others}.`,
      };
    }
    const snippet = titleTag(shorter);
    return {
      howToFix: `Shorten the title to its first phrases, for example ${snippet}, or rewrite it to name the main topic first${others}.`,
      fixSnippet: snippet,
    };
  }
  if (length < TITLE_MIN_LENGTH) {
    const siteName = meta(doc, 'og:site_name');
    const longer = [
      meta(doc, 'og:title'),
      firstHeading(doc),
      siteName && !state.value.includes(siteName) ? `${state.value} | ${siteName}` : null,
    ].find(
      (text) =>
        text !== null && text !== state.value && inRange(text, TITLE_MIN_LENGTH, TITLE_MAX_LENGTH),
    );
    if (longer) {
      const snippet = titleTag(longer);
      return {
        howToFix: `Expand the title with the page's main topic, for example ${snippet}${others}.`,
        fixSnippet: snippet,
      };
    }
  }
  if (state.count > 1) {
    const snippet = titleTag(state.value);
    return { howToFix: `Keep only ${snippet} in <head>${others}.`, fixSnippet: snippet };
  }
  return null;
}

const descriptionTag = (text: string) =>
  `<meta name="description" content="${attributeText(text)}">`;

export function descriptionFix(doc: Document, state: MetadataState): Fix | null {
  const others = state.count > 1 ? ` and remove the other ${state.count - 1} description tags` : '';
  const trimmed = (text: string) => trimAtWordBoundary(text, DESCRIPTION_MAX_LENGTH);
  if (state.value === null || state.value === '') {
    if (state.ignoredValue) {
      const snippet = descriptionTag(trimmed(state.ignoredValue));
      return {
        howToFix: `Replace it with ${snippet}, placed in <head> before any element that ends it.`,
        fixSnippet: snippet,
      };
    }
    const candidate = firstText(
      meta(doc, 'og:description'),
      meta(doc, 'twitter:description'),
      firstParagraph(doc, DESCRIPTION_MIN_LENGTH),
    );
    if (candidate === null) return null;
    const snippet = descriptionTag(trimmed(candidate));
    return {
      howToFix: `Add ${snippet} to <head> (taken from the page's own text; adjust it to say why the page is worth a click)${others}.`,
      fixSnippet: snippet,
    };
  }
  const length = codePointLength(state.value);
  if (length > DESCRIPTION_MAX_LENGTH) {
    const snippet = descriptionTag(trimmed(state.value));
    return {
      howToFix: `Shorten the description at a word boundary, for example to ${snippet}${others}.`,
      fixSnippet: snippet,
    };
  }
  if (length < DESCRIPTION_MIN_LENGTH) {
    const longer = [meta(doc, 'og:description'), firstParagraph(doc, DESCRIPTION_MIN_LENGTH)]
      .map((text) => (text === null ? null : trimmed(text)))
      .find(
        (text) =>
          text !== null &&
          text !== state.value &&
          inRange(text, DESCRIPTION_MIN_LENGTH, DESCRIPTION_MAX_LENGTH),
      );
    if (longer) {
      const snippet = descriptionTag(longer);
      return {
        howToFix: `Expand the description, for example to ${snippet}${others}.`,
        fixSnippet: snippet,
      };
    }
  }
  if (state.count > 1) {
    const snippet = descriptionTag(state.value);
    return { howToFix: `Keep only ${snippet} in <head>${others}.`, fixSnippet: snippet };
  }
  return null;
}
