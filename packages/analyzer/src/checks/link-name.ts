import { type Document, type Element, elementById } from '../page/dom.ts';
import { elementText, imageAltText, normaliseText } from '../page/element-text.ts';
import { SHOWN_READ } from './markup-helpers.ts';

/**
 * The name a crawler gives a link (issue 12): its text; else the alt text of the images inside
 * it; else its aria-label, or the text of the elements its aria-labelledby names; else its
 * title. A source counts when it holds a letter or a digit (an arrow alone names nothing), so a
 * link with a title and no text is named by its title, not empty. Texts are read only as far as
 * needed (links nest; see element-text.ts).
 */

export type LinkNameSource = 'text' | 'image alt' | 'aria-label' | 'aria-labelledby' | 'title';

export interface LinkName {
  /** Where the name came from; null when no source names the link. */
  source: LinkNameSource | null;
  /** The name as shown in details (its first SHOWN_READ characters), or the first non-empty source. */
  shown: string;
  /** Lower-cased without punctuation, read up to `normalisedMax` characters; '' when unnamed. */
  normalised: string;
}

/** Ids of aria-labelledby read at most: a name is short, the attribute may not be. */
const MAX_LABELLEDBY_IDS = 16;

function labelledByText(doc: Document, el: Element, max: number): string {
  const ids = (el.attribs['aria-labelledby'] ?? '').trim().split(/\s+/, MAX_LABELLEDBY_IDS);
  const parts: string[] = [];
  let length = 0;
  for (const id of ids) {
    const target = id ? elementById(doc, id) : undefined;
    if (!target || length >= max) continue;
    const text = elementText(doc, target, { max: max - length });
    if (text) {
      parts.push(text);
      length += text.length + 1;
    }
  }
  return parts.join(' ');
}

export function linkName(doc: Document, el: Element, normalisedMax: number): LinkName {
  // The sources in order, read one after another without building a closure per source: this
  // runs for every link of a page (thousands on a long article; issue 23.2). A source whose
  // shown text is empty has an empty normalised text too (normalising only removes), so that
  // second read is skipped.
  let firstShown = '';
  const text = elementText(doc, el, { max: SHOWN_READ });
  if (text !== '') {
    const normalised = elementText(doc, el, { max: normalisedMax, normalised: true });
    if (normalised !== '') return { source: 'text', shown: text, normalised };
    firstShown = text;
  }
  const alt = imageAltText(doc, el, { max: SHOWN_READ });
  if (alt !== '') {
    const normalised = imageAltText(doc, el, { max: normalisedMax, normalised: true });
    if (normalised !== '') return { source: 'image alt', shown: alt, normalised };
    if (firstShown === '') firstShown = alt;
  }
  const { attribs } = el;
  const candidates: Array<[LinkNameSource, string | undefined]> = [
    ['aria-label', attribs['aria-label']],
    ['aria-labelledby', attribs['aria-labelledby']],
    ['title', attribs.title],
  ];
  for (const [source, value] of candidates) {
    if (value === undefined) continue;
    const shown =
      source === 'aria-labelledby'
        ? labelledByText(doc, el, SHOWN_READ)
        : value.trim().slice(0, SHOWN_READ);
    const normalised = normaliseText(shown);
    if (normalised !== '') return { source, shown, normalised };
    if (firstShown === '') firstShown = shown;
  }
  return { source: null, shown: firstShown, normalised: '' };
}
