import { type AnyNode, isTag } from 'domhandler';
import { describe, expect, it } from 'vitest';
import {
  type Element,
  elementIndex,
  elementsByTag,
  findAll,
  linksWithRel,
  metaValues,
  parseHtml,
} from './dom.ts';

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

  it('gives the same answers as a walk for every tag and predicate', () => {
    const doc = parseHtml(PAGE);
    const names = new Set(walk(doc, () => true).map((el) => el.name));
    for (const name of names) {
      expect(elementsByTag(doc, name)).toEqual(walk(doc, (el) => el.name === name));
    }
    const withId = (el: Element) => el.attribs.id !== undefined;
    expect(findAll(doc, withId)).toEqual(walk(doc, withId));
  });

  it('hands out copies, so a caller cannot change what the next one sees', () => {
    const doc = parseHtml(PAGE);
    elementsByTag(doc, 'div').pop();
    metaValues(doc, 'description').pop();
    expect(elementsByTag(doc, 'div')).toHaveLength(6);
    expect(metaValues(doc, 'description')).toEqual(['first one', 'second']);
  });

  it('walks the subtree when the root is an element, excluding the root', () => {
    const doc = parseHtml(PAGE);
    const d1 = elementsByTag(doc, 'div')[0]!;
    expect(ids(elementsByTag(d1, 'div'))).toEqual(['d2', 'd3']);
    expect(elementsByTag(d1, 'b', 'i').map((el) => el.name)).toEqual(['b', 'i']);
  });

  it('serves metaValues and linksWithRel', () => {
    const doc = parseHtml(PAGE);
    expect(metaValues(doc, 'DESCRIPTION')).toEqual(['first one', 'second']);
    expect(metaValues(doc, 'og:title')).toEqual(['OG']);
    expect(metaValues(doc, 'twitter:card')).toEqual([]);
    expect(linksWithRel(doc, 'canonical').map((el) => el.attribs.href)).toEqual(['/a']);
    expect(linksWithRel(doc, 'alternate').map((el) => el.attribs.href)).toEqual(['/s.css', '/de']);
  });

  it('handles a deep document without recursion', () => {
    const depth = 20_000;
    const doc = parseHtml(`${'<div>'.repeat(depth)}<a href="/x">x</a>${'</div>'.repeat(depth)}`);
    expect(elementsByTag(doc, 'div')).toHaveLength(depth);
    expect(elementsByTag(doc, 'a')).toHaveLength(1);
  });
});
