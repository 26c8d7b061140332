import { metaValues } from '../page/metadata.ts';
import type { Check, CheckOutcome } from './check.ts';
import { documentTitle } from './markup-helpers.ts';

/**
 * `duplicate-metadata` (metadata): the title and the meta description say the same thing, or
 * og:description merely repeats og:title (warning). Comparison is case-insensitive on decoded,
 * whitespace-collapsed text. og:title equal to the title, or og:description equal to the meta
 * description, is normal and fine. Missing values are the title, meta-description and open-graph
 * checks' business, so they never fail this one.
 */

const normalise = (value: string | null | undefined) => (value ?? '').toLowerCase();

export const duplicateMetadata: Check = {
  meta: {
    id: 'duplicate-metadata',
    title: 'Duplicate metadata',
    why: 'The title says what the page is; the description adds why it is worth a click. When one copies the other the snippet wastes its space. Write a description that expands on the title.',
    howToFix:
      'Write a description that expands on the title instead of repeating it, and Open Graph texts that add to them.',
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

    if (duplicates.length === 2) {
      return {
        severity: 'warning',
        message: 'Title and description are identical, also in Open Graph',
        why: 'The meta description repeats the title and og:description repeats og:title, so search results and social shares show the same words twice. Write descriptions that add a reason to click.',
        details,
      };
    }
    if (duplicates[0] === 'title = meta description') {
      return {
        severity: 'warning',
        message: 'Title and meta description are identical',
        why: 'The meta description repeats the title word for word, so the search snippet adds nothing. Write a 70-160 character description that expands on the title.',
        details,
      };
    }
    if (duplicates[0] === 'og:title = og:description') {
      return {
        severity: 'warning',
        message: 'og:title and og:description are identical',
        why: 'Social previews show og:description under og:title; when they match the card repeats itself. Give og:description a sentence that adds to the title (the meta description often fits).',
        details,
      };
    }
    return { severity: 'success', message: 'No duplicated metadata', details };
  },
};
