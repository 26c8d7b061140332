import { type Document, textContent } from '../page/dom.ts';
import { titleLookup } from '../page/metadata.ts';

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

/** Characters of a text shown in details before truncate() cuts it. */
export const SHOWN_CHARS = 120;
/**
 * How much of an element's text to read for showing it: enough UTF-16 units for SHOWN_CHARS + 1
 * code points, so truncate() still sees that a longer text is longer.
 */
export const SHOWN_READ = 2 * (SHOWN_CHARS + 1);

/** The page title as Google reads it: the text of the first title in the real head, or null. */
export function documentTitle(doc: Document): string | null {
  const first = titleLookup(doc).head[0];
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
export function truncate(value: string, max = SHOWN_CHARS): string {
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
