import { DESCRIPTION_MAX_LENGTH, DESCRIPTION_MIN_LENGTH } from '@crawlwise/shared/limits';
import type { Document } from '../page/dom.ts';
import { metaValues } from '../page/metadata.ts';
import type { Check, CheckOutcome } from './check.ts';
import { attributeText, type Fix, trimAtWordBoundary, withFix } from './fix-snippets.ts';
import { documentTitle } from './markup-helpers.ts';
import { firstParagraph } from './metadata-fixes.ts';

/**
 * `duplicate-metadata` (metadata): the title and the meta description say the same thing, or
 * og:description merely repeats og:title (warning). Comparison is case-insensitive on decoded,
 * whitespace-collapsed text. og:title equal to the title, or og:description equal to the meta
 * description, is normal and fine. Missing values are the title, meta-description and open-graph
 * checks' business, so they never fail this one.
 */

const normalise = (value: string | null | undefined) => (value ?? '').toLowerCase();

const same = (a: string | null, b: string | null) =>
  a !== null && b !== null && normalise(a) === normalise(b);

/**
 * New descriptions from the page's own text: the first paragraph long enough for a description
 * (cut at a word boundary), and for og:description the meta description when it differs from
 * og:title. Null when the page has no such text.
 */
function duplicatesFix(
  doc: Document,
  values: {
    title: string | null;
    description: string | null;
    ogTitle: string | null;
    duplicates: string[];
  },
): Fix | null {
  const paragraph = firstParagraph(doc, DESCRIPTION_MIN_LENGTH);
  const text = paragraph === null ? null : trimAtWordBoundary(paragraph, DESCRIPTION_MAX_LENGTH);
  const lines: string[] = [];
  if (
    values.duplicates.includes('title = meta description') &&
    text !== null &&
    !same(text, values.title)
  ) {
    lines.push(`<meta name="description" content="${attributeText(text)}">`);
  }
  if (values.duplicates.includes('og:title = og:description')) {
    const og = [values.description, text].find(
      (candidate) => candidate !== null && !same(candidate, values.ogTitle),
    );
    if (og) lines.push(`<meta property="og:description" content="${attributeText(og)}">`);
  }
  if (lines.length === 0) return null;
  const fixSnippet = lines.join('\n');
  return {
    howToFix: `Replace the repeated ${lines.length === 2 ? 'descriptions' : 'description'} with text from the page that adds to the title, for example:\n${fixSnippet}`,
    fixSnippet,
  };
}

export const duplicateMetadata: Check = {
  meta: {
    id: 'duplicate-metadata',
    title: 'Duplicate metadata',
    why: 'The title says what the page is; the description adds why it is worth a click. When one copies the other the snippet wastes its space. Write a description that expands on the title.',
    howToFix:
      'Write a description that expands on the title instead of repeating it, and Open Graph texts that add to them.',
    fixSnippet:
      'the description tags to use instead, from the page: the first paragraph of at least 70 characters (cut at a word boundary to 160) as meta description, and the meta description (else that paragraph) as og:description.',
  },
  run(page): CheckOutcome {
    const doc = page.document;
    const pageTitle = documentTitle(doc) || null;
    const description = metaValues(doc, 'description')[0] || null;
    const ogTitle = metaValues(doc, 'og:title')[0] || null;
    const ogDescription = metaValues(doc, 'og:description')[0] || null;

    const duplicates: string[] = [];
    if (pageTitle && description && normalise(pageTitle) === normalise(description)) {
      duplicates.push('title = meta description');
    }
    if (ogTitle && ogDescription && normalise(ogTitle) === normalise(ogDescription)) {
      duplicates.push('og:title = og:description');
    }
    const details = { title: pageTitle, description, ogTitle, ogDescription, duplicates };

    const fix = () => duplicatesFix(doc, details);
    if (duplicates.length === 2) {
      return withFix(
        {
          severity: 'warning',
          message: 'Title and description are identical, also in Open Graph',
          why: 'The meta description repeats the title and og:description repeats og:title, so search results and social shares show the same words twice. Write descriptions that add a reason to click.',
          details,
        },
        fix,
      );
    }
    if (duplicates[0] === 'title = meta description') {
      return withFix(
        {
          severity: 'warning',
          message: 'Title and meta description are identical',
          why: 'The meta description repeats the title word for word, so the search snippet adds nothing. Write a 70-160 character description that expands on the title.',
          details,
        },
        fix,
      );
    }
    if (duplicates[0] === 'og:title = og:description') {
      return withFix(
        {
          severity: 'warning',
          message: 'og:title and og:description are identical',
          why: 'Social previews show og:description under og:title; when they match the card repeats itself. Give og:description a sentence that adds to the title (the meta description often fits).',
          details,
        },
        fix,
      );
    }
    return { severity: 'success', message: 'No duplicated metadata', details };
  },
};
