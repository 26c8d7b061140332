import { type Document, type Element, elementIndex, positionIn } from './dom.ts';
import { isHiddenElement } from './visible-text.ts';

/**
 * What an element inherits from its ancestors that checks ask about one element at a time: is it
 * hidden (itself or an ancestor carries `hidden`, `aria-hidden="true"` or an inline
 * `display:none` / `visibility:hidden`, as visible-text.ts reads them), and does it sit in the
 * page's chrome rather than its content (navigation, sidebars, the site header and footer).
 * Walking up from every image or link would be quadratic on deeply nested pages (issue 7), so the
 * flags of every element are worked out in one pass over the document's element index, the first
 * time a check asks, and shared by every check after it.
 */

export const HIDDEN = 1;
export const CHROME = 2;
/** Inside main, article or section: a header or footer there belongs to the content. */
const SECTIONED = 4;

/** Always chrome, wherever they stand. */
const CHROME_TAGS = new Set(['nav', 'aside']);
/** Chrome unless inside main, article or section (HTML-AAM: banner and contentinfo scoping). */
const PAGE_LANDMARK_TAGS = new Set(['header', 'footer']);
const SECTIONING_TAGS = new Set(['main', 'article', 'section']);
/** ARIA landmark roles of page chrome. */
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary']);

function ownFlags(el: Element, inherited: number): number {
  let flags = 0;
  if (isHiddenElement(el)) flags |= HIDDEN;
  if (CHROME_TAGS.has(el.name)) flags |= CHROME;
  else if (PAGE_LANDMARK_TAGS.has(el.name) && (inherited & SECTIONED) === 0) flags |= CHROME;
  const role = el.attribs.role;
  if (role !== undefined && CHROME_ROLES.has(role.trim().toLowerCase().split(/\s+/)[0] ?? '')) {
    flags |= CHROME;
  }
  if (SECTIONING_TAGS.has(el.name)) flags |= SECTIONED;
  return flags;
}

const cache = new WeakMap<Document, Uint8Array>();

function buildFlags(doc: Document): Uint8Array {
  const { all, subtreeEnd } = elementIndex(doc);
  const flags = new Uint8Array(all.length);
  // The open ancestors: where each one's subtree ends, and the flags it passes down.
  const ends: number[] = [];
  const passed: number[] = [];
  for (let i = 0; i < all.length; i++) {
    while (ends.length > 0 && ends[ends.length - 1]! <= i) {
      ends.pop();
      passed.pop();
    }
    const inherited = passed.length > 0 ? passed[passed.length - 1]! : 0;
    const own = inherited | ownFlags(all[i]!, inherited);
    flags[i] = own;
    if (subtreeEnd[i]! > i + 1) {
      ends.push(subtreeEnd[i]!);
      passed.push(own);
    }
  }
  return flags;
}

/** The element's flags (HIDDEN, CHROME), its own and its ancestors'. */
export function elementFlags(doc: Document, el: Element): number {
  let flags = cache.get(doc);
  if (flags === undefined) {
    flags = buildFlags(doc);
    cache.set(doc, flags);
  }
  return flags[positionIn(elementIndex(doc), el)]!;
}

/** Hidden itself or inside a hidden element: not rendered, or hidden from assistive technology. */
export function isHiddenInPage(doc: Document, el: Element): boolean {
  return (elementFlags(doc, el) & HIDDEN) !== 0;
}

/** Inside navigation, a sidebar, or the site's header or footer rather than the content. */
export function isInChrome(doc: Document, el: Element): boolean {
  return (elementFlags(doc, el) & CHROME) !== 0;
}
