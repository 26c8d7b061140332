import { isTag } from 'domhandler';
import type { Document, Element } from './dom.ts';
import { isHiddenElement } from './visible-text.ts';

/**
 * What an element inherits from its ancestors that checks ask about one element at a time: is it
 * hidden (itself or an ancestor carries `hidden`, `aria-hidden="true"` or an inline
 * `display:none` / `visibility:hidden`, as visible-text.ts reads them), does it sit in the page's
 * chrome rather than its content (navigation, sidebars, the site header and footer), and is it
 * inert (inside template, noscript, svg or math). The flags are memoised per element: a query
 * walks up only to the nearest ancestor already known, so the checks' few dozen queries per page
 * touch a few hundred elements, and however many elements are asked about, on however deep a
 * page, each element's flags are worked out once (walking up from every image on a deeply
 * nested page would be quadratic; issue 7).
 */

export const HIDDEN = 1;
export const CHROME = 2;
export const INERT = 4;
/** Inside main, article or section: a header or footer there belongs to the content. */
const SECTIONED = 8;

/** Always chrome, wherever they stand. */
const CHROME_TAGS = new Set(['nav', 'aside']);
/** Chrome unless inside main, article or section (HTML-AAM: banner and contentinfo scoping). */
const PAGE_LANDMARK_TAGS = new Set(['header', 'footer']);
const SECTIONING_TAGS = new Set(['main', 'article', 'section']);
/** ARIA landmark roles of page chrome. */
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary']);
/** Containers whose content is not rendered as part of the page. */
const INERT_TAGS = new Set(['template', 'noscript', 'svg', 'math']);

/** The element's flags given what its ancestors pass down. */
function flagsOf(el: Element, inherited: number): number {
  let flags = inherited;
  if (isHiddenElement(el)) flags |= HIDDEN;
  if (CHROME_TAGS.has(el.name)) flags |= CHROME;
  else if (PAGE_LANDMARK_TAGS.has(el.name) && (inherited & SECTIONED) === 0) flags |= CHROME;
  if (SECTIONING_TAGS.has(el.name)) flags |= SECTIONED;
  if (INERT_TAGS.has(el.name)) flags |= INERT;
  const role = el.attribs.role;
  if (role !== undefined && CHROME_ROLES.has(role.trim().toLowerCase().split(/\s+/)[0] ?? '')) {
    flags |= CHROME;
  }
  return flags;
}

const caches = new WeakMap<Document, Map<Element, number>>();

function parentElement(el: Element): Element | null {
  for (let node = el.parent; node !== null; node = node.parent) {
    if (isTag(node)) return node;
  }
  return null;
}

/**
 * The element's flags (HIDDEN, CHROME, INERT), its own and its ancestors'. INERT marks the
 * template, noscript, svg or math element itself too; ask about what is inside one.
 */
export function elementFlags(doc: Document, el: Element): number {
  let cache = caches.get(doc);
  if (cache === undefined) {
    cache = new Map();
    caches.set(doc, cache);
  }
  const known = cache.get(el);
  if (known !== undefined) return known;
  // Up to the nearest ancestor whose flags are known (or the root), then back down.
  const chain: Element[] = [];
  let inherited = 0;
  for (let node: Element | null = el; node !== null; node = parentElement(node)) {
    const flags = cache.get(node);
    if (flags !== undefined) {
      inherited = flags;
      break;
    }
    chain.push(node);
  }
  for (let i = chain.length - 1; i >= 0; i--) {
    inherited = flagsOf(chain[i]!, inherited);
    cache.set(chain[i]!, inherited);
  }
  return inherited;
}

/** Hidden itself or inside a hidden element: not rendered, or hidden from assistive technology. */
export function isHiddenInPage(doc: Document, el: Element): boolean {
  return (elementFlags(doc, el) & HIDDEN) !== 0;
}

/** Inside navigation, a sidebar, or the site's header or footer rather than the content. */
export function isInChrome(doc: Document, el: Element): boolean {
  return (elementFlags(doc, el) & CHROME) !== 0;
}

/** Shown as page content: not hidden, not in the chrome, not inside template, noscript or SVG. */
export function isContent(doc: Document, el: Element): boolean {
  return (elementFlags(doc, el) & (HIDDEN | CHROME | INERT)) === 0;
}
