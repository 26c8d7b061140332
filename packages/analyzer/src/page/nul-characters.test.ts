import { isComment, isTag } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { elementsByTag, textContent } from './dom.ts';
import { parseHtml } from './html-parser.ts';
import { makePage } from './test-artifacts.ts';

describe('NUL characters, as the HTML parsing algorithm treats them', () => {
  const doc = parseHtml(
    '<!doctype html>\0<html><head><title>A\0B</title><script>x("\0")</script></head>' +
      '<body><p class="a\0b" data-\0="v">Hel\0lo wor\0ld</p><!-- c\0 -->' +
      '<textarea>t\0</textarea><svg><text>s\0</text><foreignObject><b>f\0</b></foreignObject></svg>' +
      '<a\0b>tag</a\0b></body></html>',
  );

  it('drops them from the text of ordinary elements', () => {
    expect(textContent(elementsByTag(doc, 'p')[0]!)).toBe('Hello world');
    expect(textContent(elementsByTag(doc, 'b')[0]!)).toBe('f');
  });

  it('replaces them in raw text, RCDATA and SVG text', () => {
    expect(textContent(elementsByTag(doc, 'title')[0]!)).toBe('A\ufffdB');
    expect(textContent(elementsByTag(doc, 'script')[0]!)).toBe('x("\ufffd")');
    expect(textContent(elementsByTag(doc, 'textarea')[0]!)).toBe('t\ufffd');
    expect(textContent(elementsByTag(doc, 'text')[0]!)).toBe('s\ufffd');
  });

  it('replaces them in tag and attribute names, attribute values and comments', () => {
    const p = elementsByTag(doc, 'p')[0]!;
    expect(p.attribs).toEqual({ class: 'a\ufffdb', 'data-\ufffd': 'v' });
    expect(elementsByTag(doc, 'a\ufffdb')).toHaveLength(1);
    const body = elementsByTag(doc, 'body')[0]!;
    const comment = body.children.find(isComment);
    expect(comment?.data).toBe(' c\ufffd ');
    expect(body.children.filter(isTag).map((el) => el.name)).toContain('a\ufffdb');
  });

  it('analyses a page with a stray NUL like any other', () => {
    const html =
      '<html lang="en"><head>\0<title>Hello</title></head><body><h1>Wor\0ds</h1></body></html>';
    const page = makePage({ html });
    expect(page.serverText.text).toBe('Words');
  });
});
