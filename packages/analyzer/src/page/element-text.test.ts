import { describe, expect, it } from 'vitest';
import { cpuStopwatch } from '../thread-cpu.ts';
import { elementsByTag, textContent } from './dom.ts';
import { elementText, imageAltText, normaliseText } from './element-text.ts';
import { parseHtml } from './html-parser.ts';

const PAGE = `<body>
  <a id="a1" href="/1">  Read <b>more</b>\n about <i>us</i>  </a>
  <a id="a2" href="/2">Click<span>!!!</span>here</a>
  <a id="a3" href="/3">glued<b>words</b></a>
  <a id="a4" href="/4"> <img alt="  Company   logo "> <img alt=""> <img> <img alt="home"> </a>
  <a id="a5" href="/5">&nbsp;<!-- c -->&nbsp;</a>
  <a id="a6" href="/6">Σ <b>ÉTÉ</b> — 😀 x</a>
</body>`;

describe('element text', () => {
  const doc = parseHtml(PAGE);
  const links = elementsByTag(doc, 'a');

  it('equals the collapsed text content of every element', () => {
    for (const el of [...links, ...elementsByTag(doc, 'body')]) {
      expect(elementText(doc, el)).toBe(textContent(el));
    }
  });

  it('reads only as far as asked', () => {
    const a1 = links[0]!;
    expect(elementText(doc, a1, { max: 4 })).toBe('Read');
    expect(elementText(doc, a1, { max: 6 })).toBe('Read m');
    expect(elementText(doc, a1, { max: 1000 })).toBe('Read more about us');
  });

  it('normalises as link text is compared: lower case, no punctuation, words kept apart', () => {
    for (const el of links) {
      expect(elementText(doc, el, { normalised: true })).toBe(normaliseText(textContent(el)));
    }
    expect(elementText(doc, links[1]!, { normalised: true })).toBe('click here');
    expect(elementText(doc, links[2]!, { normalised: true })).toBe('gluedwords');
    expect(elementText(doc, links[4]!, { normalised: true })).toBe('');
  });

  it('joins the non-empty alt texts of the images inside', () => {
    expect(imageAltText(doc, links[3]!)).toBe('Company logo home');
    expect(imageAltText(doc, links[3]!, { normalised: true })).toBe('company logo home');
    expect(imageAltText(doc, links[3]!, { max: 7 })).toBe('Company');
    expect(imageAltText(doc, links[0]!)).toBe('');
  });

  it('costs what it returns, not the size of the subtree, on deep nesting', () => {
    const depth = 50_000;
    const deep = parseHtml(`${'<a href="/x"> <img alt=""> <b>'.repeat(depth)}end`);
    const nested = elementsByTag(deep, 'a');
    const elapsed = cpuStopwatch();
    const texts = new Set(nested.map((el) => elementText(deep, el, { max: 10 })));
    const alts = new Set(nested.map((el) => imageAltText(deep, el, { max: 10 })));
    // Walking each subtree would be 1.25 billion steps.
    expect(elapsed()).toBeLessThan(1_000);
    expect([...texts]).toEqual(['end']);
    expect([...alts]).toEqual(['']);
  });
});
