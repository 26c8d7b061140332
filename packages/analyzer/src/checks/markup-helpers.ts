import { type AnyNode, type Element, isTag } from 'domhandler';
import { type Document, elementsByTag, textContent } from '../page/dom.ts';

/**
 * Small helpers shared by the metadata, social, content and link checks. Pure functions of the
 * parsed document; no I/O.
 */

/** Most offending elements a finding lists in its details, so reports stay small. */
export const MAX_LISTED = 20;

/** Length the way people (and the spec) count characters: Unicode code points, not UTF-16 units. */
export function codePointLength(value: string): number {
  return [...value].length;
}

/** True when an ancestor of the node is one of the named elements (e.g. <title> inside <svg>). */
export function hasAncestor(node: AnyNode, ...names: string[]): boolean {
  let current = node.parent;
  while (current) {
    if (isTag(current) && names.includes(current.name)) return true;
    current = current.parent;
  }
  return false;
}

/**
 * Document `<title>` elements anywhere in the document (htmlparser2 does not move a stray title
 * into head), except the accessible-name titles of inline SVG.
 */
export function documentTitles(doc: Document): Element[] {
  return elementsByTag(doc, 'title').filter((el) => !hasAncestor(el, 'svg', 'math'));
}

/** The page title as a browser shows it: the first document title's text, or null. */
export function documentTitle(doc: Document): string | null {
  const first = documentTitles(doc)[0];
  return first ? textContent(first) : null;
}

/** An absolute http(s) URL, the only kind a crawler or a social card scraper can fetch. */
export function isAbsoluteHttpUrl(value: string | undefined | null): boolean {
  if (!value) return false;
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A well-formed BCP 47 language tag; Intl throws RangeError on anything else. */
export function isValidLanguageTag(value: string): boolean {
  if (value.trim() === '' || value !== value.trim()) return false;
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

/** Resolves a possibly relative reference against the page URL; the raw value when it cannot. */
export function resolveUrl(value: string, base: URL): string {
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return value;
  }
}

/** Shortens long values (data: URIs, huge texts) for details. */
export function truncate(value: string, max = 120): string {
  const chars = [...value];
  return chars.length <= max ? value : `${chars.slice(0, max - 1).join('')}…`;
}

/** "a, b and c" for messages. */
export function listPhrase(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
