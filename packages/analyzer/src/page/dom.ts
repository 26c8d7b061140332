import { type AnyNode, type Document, type Element, isDocument, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';

/**
 * Parsing and small DOM queries shared by every check. htmlparser2 is used rather than parse5 for
 * speed (see ARCHITECTURE.md); it decodes entities in text and attributes. Unlike a browser it
 * does not move a stray <title> or <meta> from body into head, so checks that care look in the
 * whole document, not only in <head>.
 */

export type { Document, Element };

export function parseHtml(html: string): Document {
  return parseDocument(html, { lowerCaseTags: true, lowerCaseAttributeNames: true });
}

/**
 * Every element of a parsed document in document order, and the same grouped by tag name: built
 * in one walk the first time a document is queried, then shared by every check (they ask ~35
 * times per analysis). Documents are never modified after parsing, which is what makes the
 * memoised index valid; a WeakMap lets it go with its document.
 */
export interface ElementIndex {
  /** All elements in document order. */
  readonly all: readonly Element[];
  /** Elements by (lower-case) tag name, each list in document order. */
  readonly byTag: ReadonlyMap<string, readonly Element[]>;
  /** Position of each element in `all`, by tag name: parallel to `byTag`, for merging. */
  readonly positions: ReadonlyMap<string, readonly number[]>;
}

const indexes = new WeakMap<Document, ElementIndex>();

function buildIndex(doc: Document): ElementIndex {
  const all: Element[] = [];
  const byTag = new Map<string, Element[]>();
  const positions = new Map<string, number[]>();
  const stack: AnyNode[] = [];
  for (let i = doc.children.length - 1; i >= 0; i--) stack.push(doc.children[i]!);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isTag(node)) {
      // CDATA and other containers may still hold elements (as in findAll's walk).
      const children = (node as { children?: AnyNode[] }).children;
      if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
      continue;
    }
    let list = byTag.get(node.name);
    let at = positions.get(node.name);
    if (list === undefined || at === undefined) {
      list = [];
      at = [];
      byTag.set(node.name, list);
      positions.set(node.name, at);
    }
    list.push(node);
    at.push(all.length);
    all.push(node);
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return { all, byTag, positions };
}

/** The document's element index, built on first use (see ElementIndex). */
export function elementIndex(doc: Document): ElementIndex {
  let index = indexes.get(doc);
  if (index === undefined) {
    index = buildIndex(doc);
    indexes.set(doc, index);
  }
  return index;
}

/** Elements of the index with one of the names, in document order. */
function indexedByTags(index: ElementIndex, names: readonly string[]): Element[] {
  const wanted = [...new Set(names)].filter((name) => index.byTag.has(name));
  if (wanted.length === 0) return [];
  if (wanted.length === 1) return [...index.byTag.get(wanted[0]!)!];
  // Merge the per-tag lists by document position (k is small: h1-h6 at most).
  const lists = wanted.map((name) => ({
    elements: index.byTag.get(name)!,
    at: index.positions.get(name)!,
    next: 0,
  }));
  const merged: Element[] = [];
  for (;;) {
    let best: (typeof lists)[number] | undefined;
    for (const list of lists) {
      if (list.next < list.at.length && (!best || list.at[list.next]! < best.at[best.next]!)) {
        best = list;
      }
    }
    if (!best) return merged;
    merged.push(best.elements[best.next]!);
    best.next++;
  }
}

/** Every element in document order that satisfies the predicate. Iterative: deep DOMs are common. */
export function findAll(root: AnyNode, predicate: (el: Element) => boolean): Element[] {
  if (isDocument(root)) return elementIndex(root).all.filter(predicate);
  const found: Element[] = [];
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isTag(node) && node !== root && predicate(node)) found.push(node);
    const children = (node as { children?: AnyNode[] }).children;
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return found;
}

/**
 * Elements with one of the tag names, in document order. On a document this reads the index;
 * below an element (a link's images, a heading's images) it walks that subtree.
 */
export function elementsByTag(root: AnyNode, ...names: string[]): Element[] {
  if (isDocument(root)) return indexedByTags(elementIndex(root), names);
  return findAll(root, (el) => names.includes(el.name));
}

export function attr(el: Element, name: string): string | undefined {
  return el.attribs[name];
}

/** Concatenated text of an element's descendants, whitespace collapsed. */
export function textContent(node: AnyNode): string {
  const parts: string[] = [];
  const stack: AnyNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (isText(current)) parts.push(current.data);
    const children = (current as { children?: AnyNode[] }).children;
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return collapseWhitespace(parts.join(''));
}

/** Collapses runs of whitespace (including NBSP) to one space and trims: how lengths are measured. */
export function collapseWhitespace(value: string): string {
  return value.replace(/[\s\u00a0]+/g, ' ').trim();
}

/** Per document: lower-cased key → values of metaValues, so repeated keys cost nothing. */
const metaCaches = new WeakMap<Document, Map<string, readonly string[]>>();

/**
 * Values of `<meta name=...>` or `<meta property=...>` (case-insensitive key), in document order.
 * Open Graph uses `property`, Twitter and most others `name`; sites mix them up, so both count.
 */
export function metaValues(doc: Document, key: string): string[] {
  const wanted = key.toLowerCase();
  let cache = metaCaches.get(doc);
  if (cache === undefined) {
    cache = new Map();
    metaCaches.set(doc, cache);
  }
  let values = cache.get(wanted);
  if (values === undefined) {
    values = elementsByTag(doc, 'meta')
      .filter(
        (el) =>
          (el.attribs.name ?? '').trim().toLowerCase() === wanted ||
          (el.attribs.property ?? '').trim().toLowerCase() === wanted,
      )
      .map((el) => collapseWhitespace(el.attribs.content ?? ''));
    cache.set(wanted, values);
  }
  return [...values];
}

/** `<link>` elements whose rel list contains the given token. */
export function linksWithRel(doc: Document, rel: string): Element[] {
  const wanted = rel.toLowerCase();
  return elementsByTag(doc, 'link').filter((el) =>
    (el.attribs.rel ?? '').toLowerCase().split(/\s+/).includes(wanted),
  );
}
