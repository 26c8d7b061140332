import { isTag } from 'domhandler';
import { type Document, type Element, elementIndex, positionIn } from './dom.ts';
import { CHROME, elementFlags, HIDDEN, INERT } from './element-flags.ts';
import { wordCountOf } from './visible-text.ts';

/**
 * How much content text comes before an element: the words of the visible text outside the page
 * chrome that precede it in document order. It stands in for "how far down the page" when there
 * is no layout to measure (an image after a few hundred words is below the first screen). The
 * counter moves forward only: each text node is read once however many elements are
 * asked about, so a check that walks images in order stays linear. Text inside template, svg,
 * math and noscript, and the text of title, script, style, option and textarea, does not count.
 */

/** Elements whose own text is not shown as content. */
const NO_TEXT = new Set(['title', 'script', 'style', 'option', 'textarea']);

export interface WordsBefore {
  /**
   * Content words before `el` (not counting its own text), or at least `limit` once that many
   * are counted; elements must come in document order.
   */
  at(el: Element): number;
}

/** `limit`: a caller that only asks "fewer than N words?" stops the counting at N. */
export function wordsBefore(doc: Document, limit = Number.POSITIVE_INFINITY): WordsBefore {
  const index = elementIndex(doc);
  let next = 0;
  let count = 0;
  return {
    at(el) {
      // The text nodes before the element are exactly texts[0, textStart[el]).
      const end = index.textStart[positionIn(index, el)]!;
      if (end < next) throw new Error('wordsBefore: elements must be asked for in document order');
      for (; next < end && count < limit; next++) {
        const text = index.texts[next]!;
        const parent = text.parent;
        if (parent === null || !isTag(parent) || NO_TEXT.has(parent.name)) continue;
        if ((elementFlags(doc, parent) & (HIDDEN | CHROME | INERT)) !== 0) continue;
        count += wordCountOf(text.data);
      }
      next = Math.max(next, end);
      return count;
    },
  };
}
