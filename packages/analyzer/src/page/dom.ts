import { type AnyNode, type Document, type Element, isTag, isText, type Text } from 'domhandler';

/**
 * Small DOM queries shared by every check, on documents from parseHtml (html-parser.ts).
 * htmlparser2 is used rather than parse5 for speed (see ARCHITECTURE.md); it decodes entities in
 * text and attributes. It does not build the head the way a browser does; which elements are
 * really in the head is recorded while parsing (head.ts), and metadata is read through
 * metadata.ts.
 */

export type { Document, Element, Text };

/**
 * Every element of a parsed document in document order, and the same grouped by tag name: built
 * in one walk the first time a document is queried, then shared by every check (they ask ~35
 * times per analysis). Documents are never modified after parsing, which is what makes the
 * memoised index valid; a WeakMap lets it go with its document.
 *
 * The walk also records, per element, what checks would otherwise find by walking up or down
 * from it: which of a few containers it sits in (template, svg, …), where its subtree ends and
 * which text nodes it holds. Each such question is then O(1), so a check over every link or
 * heading stays linear however deeply they nest (issue 7: 40k nested links took 44 s when each
 * one walked its ancestors and its subtree).
 */
export interface ElementIndex {
  /** All elements in document order. */
  readonly all: readonly Element[];
  /** Elements by (lower-case) tag name, each list in document order. */
  readonly byTag: ReadonlyMap<string, readonly Element[]>;
  /** Position of each element in `all`, by tag name: parallel to `byTag`, for merging. */
  readonly positions: ReadonlyMap<string, readonly number[]>;
  /** By position: the position just after the element's last descendant. */
  readonly subtreeEnd: Int32Array;
  /** By position: the CONTAINERS the element is inside (bit i: CONTAINERS[i] is an ancestor). */
  readonly containers: Int32Array;
  /** Every text node (CDATA content included) in document order. */
  readonly texts: readonly Text[];
  /** By position: the element's text nodes are texts[textStart, textEnd). */
  readonly textStart: Int32Array;
  readonly textEnd: Int32Array;
}

/** Containers whose descendants checks treat apart (inert templates, SVG/MathML titles, …). */
export const CONTAINERS = ['template', 'svg', 'math', 'noscript'] as const;
export type Container = (typeof CONTAINERS)[number];
const CONTAINER_BIT = new Map<string, number>(CONTAINERS.map((name, i) => [name, 1 << i]));

const indexes = new WeakMap<Document, ElementIndex>();

/** Per tag name during the walk: its elements, their positions and its container bit. */
interface TagEntry {
  elements: Element[];
  at: number[];
  bit: number;
}

/** An Int32Array that doubles as it fills. */
function grown(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  if (length < array.length) return array;
  const larger = new Int32Array(array.length * 2);
  larger.set(array);
  return larger;
}

function buildIndex(doc: Document): ElementIndex {
  const all: Element[] = [];
  const tags = new Map<string, TagEntry>();
  const texts: Text[] = [];
  let ends = new Int32Array(1024);
  let inside = new Int32Array(1024);
  let textStarts = new Int32Array(1024);
  let textEnds = new Int32Array(1024);
  // A number on the stack marks the exit from the element at that position.
  const stack: Array<AnyNode | number> = [];
  let containers = 0;
  for (let i = doc.children.length - 1; i >= 0; i--) stack.push(doc.children[i]!);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === 'number') {
      ends[node] = all.length;
      textEnds[node] = texts.length;
      containers = inside[node]!;
      continue;
    }
    if (isText(node)) {
      texts.push(node);
      continue;
    }
    if (!isTag(node)) {
      // CDATA and other containers may still hold elements.
      const children = (node as { children?: AnyNode[] }).children;
      if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
      continue;
    }
    let tag = tags.get(node.name);
    if (tag === undefined) {
      tag = { elements: [], at: [], bit: CONTAINER_BIT.get(node.name) ?? 0 };
      tags.set(node.name, tag);
    }
    const position = all.length;
    tag.elements.push(node);
    tag.at.push(position);
    all.push(node);
    ends = grown(ends, position);
    inside = grown(inside, position);
    textStarts = grown(textStarts, position);
    textEnds = grown(textEnds, position);
    inside[position] = containers;
    textStarts[position] = texts.length;
    containers |= tag.bit;
    stack.push(position);
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  const byTag = new Map<string, Element[]>();
  const positions = new Map<string, number[]>();
  for (const [name, tag] of tags) {
    byTag.set(name, tag.elements);
    positions.set(name, tag.at);
  }
  return {
    all,
    byTag,
    positions,
    subtreeEnd: ends.subarray(0, all.length),
    containers: inside.subarray(0, all.length),
    texts,
    textStart: textStarts.subarray(0, all.length),
    textEnd: textEnds.subarray(0, all.length),
  };
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

/** The element's position in the document's index; throws for an element of another document. */
export function positionIn(index: ElementIndex, el: Element): number {
  // Elements are created in document order, so their source positions (parseHtml records them)
  // increase along `all`: a binary search finds the element without a Map from element to
  // position, which would cost more than the rest of the index (an identity hash per element).
  const { all } = index;
  const start = el.startIndex;
  if (start !== null) {
    let lo = 0;
    let hi = all.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((all[mid]!.startIndex ?? -1) < start) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < all.length && all[i]!.startIndex === start; i++) {
      if (all[i] === el) return i;
    }
  }
  throw new Error(`<${el.name}> is not an element of this document parsed by parseHtml`);
}

/** Per document: the first element with each id, as getElementById finds it. */
const idMaps = new WeakMap<Document, Map<string, Element>>();

/** The first element in document order whose id is `id`, or undefined. */
export function elementById(doc: Document, id: string): Element | undefined {
  let ids = idMaps.get(doc);
  if (ids === undefined) {
    ids = new Map();
    for (const el of elementIndex(doc).all) {
      const own = el.attribs.id;
      if (own !== undefined && own !== '' && !ids.has(own)) ids.set(own, el);
    }
    idMaps.set(doc, ids);
  }
  return ids.get(id);
}

/** True when the element is inside the container (an ancestor, not the element itself). */
export function isInside(doc: Document, el: Element, container: Container): boolean {
  const index = elementIndex(doc);
  return (index.containers[positionIn(index, el)]! & CONTAINER_BIT.get(container)!) !== 0;
}

/** First i in [from, to) with sorted[i] ≥ value (binary search). */
export function lowerBound(
  sorted: ArrayLike<number>,
  value: number,
  from = 0,
  to = sorted.length,
): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Where the descendants of `el` named `name` sit in `byTag.get(name)`: the range [from, to),
 * found by binary search on positions (a subtree is a contiguous run of the index).
 */
export function descendantRange(
  doc: Document,
  el: Element,
  name: string,
): { from: number; to: number } {
  const index = elementIndex(doc);
  const at = index.positions.get(name) ?? [];
  const position = positionIn(index, el);
  const from = lowerBound(at, position + 1);
  return { from, to: lowerBound(at, index.subtreeEnd[position]!, from) };
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

/**
 * Elements with one of the tag names, in document order, from the index. (Below an element,
 * descendantRange gives the same from positions, without walking the subtree.)
 */
export function elementsByTag(doc: Document, ...names: string[]): Element[] {
  return indexedByTags(elementIndex(doc), names);
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
