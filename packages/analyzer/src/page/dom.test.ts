import { type AnyNode, isTag, isText } from 'domhandler';
import { describe, expect, it } from 'vitest';
import {
  descendantRange,
  type Element,
  elementIndex,
  elementsByTag,
  isInside,
  textContent,
} from './dom.ts';
import { parseHtml } from './html-parser.ts';

/** The plain depth-first walk the index replaces: the reference for document order. */
function walk(root: AnyNode, predicate: (el: Element) => boolean): Element[] {
  const found: Element[] = [];
  const visit = (node: AnyNode) => {
    if (isTag(node) && node !== root && predicate(node)) found.push(node);
    for (const child of (node as { children?: AnyNode[] }).children ?? []) visit(child);
  };
  visit(root);
  return found;
}

const PAGE = `<!doctype html><html lang="en"><head>
  <title>Outer</title><meta name="description" content=" first  one ">
  <meta property="og:title" content="OG"><link rel="Canonical" href="/a">
  <link rel="alternate stylesheet" href="/s.css"><link rel="alternate" hreflang="de" href="/de">
</head><body>
  <div id="d1"><div id="d2"><p>one <b>bold <i>deep</i></b></p><div id="d3"></div></div></div>
  <h2>Two</h2><section><h1>One</h1><span><h3>Three</h3></span></section><h2>Again</h2>
  <svg><title>icon</title><foreignObject><div id="d4"></div></foreignObject></svg>
  <template><div id="d5"><img src="t.png"></div></template>
  <meta name="description" content="second">
  <table><tr><td><div id="d6"></div></td></tr></table>
  <![CDATA[ x ]]><!-- <div id="comment"></div> -->
</body></html>`;

/** Every text node's data under the node, joined (textContent before collapsing). */
function rawText(root: AnyNode): string {
  if (isText(root)) return root.data;
  return ((root as { children?: AnyNode[] }).children ?? []).map(rawText).join('');
}

const ids = (elements: Element[]) => elements.map((el) => el.attribs.id ?? el.name);

describe('element index', () => {
  it('lists every element once, in document order, nested ones after their parent', () => {
    const doc = parseHtml(PAGE);
    const index = elementIndex(doc);
    expect(index.all).toEqual(walk(doc, () => true));
    expect(ids(elementsByTag(doc, 'div'))).toEqual(['d1', 'd2', 'd3', 'd4', 'd5', 'd6']);
  });

  it('is built once per document and kept apart from other documents', () => {
    const doc = parseHtml(PAGE);
    expect(elementIndex(doc)).toBe(elementIndex(doc));
    const other = parseHtml('<div id="x"></div>');
    expect(ids(elementsByTag(other, 'div'))).toEqual(['x']);
    expect(elementsByTag(doc, 'div')).toHaveLength(6);
  });

  it('merges several tag names in document order', () => {
    const doc = parseHtml(PAGE);
    const headings = elementsByTag(doc, 'h1', 'h2', 'h3', 'h4', 'h5', 'h6');
    expect(headings.map((el) => el.name)).toEqual(['h2', 'h1', 'h3', 'h2']);
    expect(headings).toEqual(walk(doc, (el) => /^h[1-6]$/.test(el.name)));
    // Order of the names, repeats and unknown names change nothing.
    expect(elementsByTag(doc, 'h3', 'h1', 'h2', 'h1', 'blink')).toEqual(headings);
    expect(elementsByTag(doc, 'blink')).toEqual([]);
    expect(elementsByTag(doc)).toEqual([]);
  });

  it('gives the same answers as a walk for every tag', () => {
    const doc = parseHtml(PAGE);
    const names = new Set(walk(doc, () => true).map((el) => el.name));
    for (const name of names) {
      expect(elementsByTag(doc, name)).toEqual(walk(doc, (el) => el.name === name));
    }
  });

  it('hands out copies, so a caller cannot change what the next one sees', () => {
    const doc = parseHtml(PAGE);
    elementsByTag(doc, 'div').pop();
    expect(elementsByTag(doc, 'div')).toHaveLength(6);
  });

  it('knows which containers each element is inside, without walking up', () => {
    const doc = parseHtml(PAGE);
    const byId = (id: string) => walk(doc, (el) => el.attribs.id === id)[0]!;
    expect(isInside(doc, byId('d4'), 'svg')).toBe(true);
    expect(isInside(doc, byId('d5'), 'template')).toBe(true);
    expect(isInside(doc, byId('d5'), 'svg')).toBe(false);
    expect(isInside(doc, byId('d6'), 'template')).toBe(false);
    const svg = elementsByTag(doc, 'svg')[0]!;
    // Not inside itself.
    expect(isInside(doc, svg, 'svg')).toBe(false);
    expect(isInside(doc, elementsByTag(doc, 'title')[1]!, 'svg')).toBe(true);
    expect(() => isInside(doc, parseHtml('<svg></svg>').children[0] as Element, 'svg')).toThrow(
      /not an element of this document/,
    );
  });

  it('finds the descendants of an element by tag from positions alone', () => {
    const doc = parseHtml(PAGE);
    const d1 = elementsByTag(doc, 'div')[0]!;
    const divs = elementsByTag(doc, 'div');
    const { from, to } = descendantRange(doc, d1, 'div');
    expect(ids(divs.slice(from, to))).toEqual(['d2', 'd3']);
    const section = elementsByTag(doc, 'section')[0]!;
    const h = descendantRange(doc, section, 'h3');
    expect(elementsByTag(doc, 'h3').slice(h.from, h.to)).toHaveLength(1);
    expect(descendantRange(doc, section, 'img')).toEqual({ from: 0, to: 0 });
  });

  it('records the run of text nodes under every element', () => {
    const doc = parseHtml(PAGE);
    const index = elementIndex(doc);
    index.all.forEach((el, position) => {
      const own = index.texts.slice(index.textStart[position], index.textEnd[position]);
      expect(own.map((text) => text.data).join('')).toBe(rawText(el));
      expect(index.subtreeEnd[position]! - position - 1).toBe(walk(el, () => true).length);
    });
    expect(textContent(index.all[0]!)).toContain('Outer');
  });

  it('handles a deep document without recursion', () => {
    const depth = 20_000;
    const doc = parseHtml(`${'<div>'.repeat(depth)}<a href="/x">x</a>${'</div>'.repeat(depth)}`);
    expect(elementsByTag(doc, 'div')).toHaveLength(depth);
    expect(elementsByTag(doc, 'a')).toHaveLength(1);
  });
});
