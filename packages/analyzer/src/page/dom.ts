import { type AnyNode, type Document, type Element, isTag, isText } from 'domhandler';
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

/** Every element in document order that satisfies the predicate. Iterative: deep DOMs are common. */
export function findAll(root: AnyNode, predicate: (el: Element) => boolean): Element[] {
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

export function elementsByTag(root: AnyNode, ...names: string[]): Element[] {
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

/**
 * Values of `<meta name=...>` or `<meta property=...>` (case-insensitive key), in document order.
 * Open Graph uses `property`, Twitter and most others `name`; sites mix them up, so both count.
 */
export function metaValues(doc: Document, key: string): string[] {
  const wanted = key.toLowerCase();
  return elementsByTag(doc, 'meta')
    .filter(
      (el) =>
        (el.attribs.name ?? '').trim().toLowerCase() === wanted ||
        (el.attribs.property ?? '').trim().toLowerCase() === wanted,
    )
    .map((el) => collapseWhitespace(el.attribs.content ?? ''));
}

/** `<link>` elements whose rel list contains the given token. */
export function linksWithRel(doc: Document, rel: string): Element[] {
  const wanted = rel.toLowerCase();
  return elementsByTag(doc, 'link').filter((el) =>
    (el.attribs.rel ?? '').toLowerCase().split(/\s+/).includes(wanted),
  );
}
