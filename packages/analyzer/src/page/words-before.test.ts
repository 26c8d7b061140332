import { describe, expect, it } from 'vitest';
import { elementsByTag } from './dom.ts';
import { parseHtml } from './html-parser.ts';
import { wordsBefore } from './words-before.ts';

describe('words before an element', () => {
  it('counts the content words that precede it, not chrome, hidden or script text', () => {
    const doc = parseHtml(`<html><head><title>Four words of title</title></head><body>
      <header><nav>Home About Contact</nav></header>
      <main><h1>Two words</h1><script>var a = 1 + 2;</script><div hidden>secret words here</div>
      <p>One two <b>three</b> <img id="a"> four five</p><img id="b">
      <aside>Related posts</aside><p>six</p><img id="c"></main></body></html>`);
    const [a, b, c] = elementsByTag(doc, 'img');
    const words = wordsBefore(doc);
    expect(words.at(a!)).toBe(5);
    expect(words.at(b!)).toBe(7);
    expect(words.at(c!)).toBe(8);
  });

  it('only moves forward', () => {
    const doc = parseHtml('<p>a</p><img><p>b</p><img>');
    const [first, second] = elementsByTag(doc, 'img');
    const words = wordsBefore(doc);
    expect(words.at(second!)).toBe(2);
    expect(() => words.at(first!)).toThrow('document order');
  });

  it('stops counting at the limit', () => {
    const doc = parseHtml('<p>one two three</p><img><p>four five</p><img>');
    const [first, second] = elementsByTag(doc, 'img');
    const words = wordsBefore(doc, 2);
    expect(words.at(first!)).toBe(3);
    expect(words.at(second!)).toBe(3);
  });
});
