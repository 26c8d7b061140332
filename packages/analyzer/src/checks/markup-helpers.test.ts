import { describe, expect, it } from 'vitest';
import { parseHtml } from '../page/html-parser.ts';
import {
  codePointLength,
  documentTitle,
  isAbsoluteHttpUrl,
  isValidLanguageTag,
  listPhrase,
  plural,
  resolveUrl,
  truncate,
} from './markup-helpers.ts';

describe('markup helpers', () => {
  it('counts code points', () => {
    expect(codePointLength('a😀é')).toBe(3);
  });

  it('finds document titles but not SVG or MathML ones', () => {
    const doc = parseHtml(
      '<head><title> A &amp;  B </title></head><body><svg><title>i</title></svg><math><title>m</title></math></body>',
    );
    expect(documentTitle(doc)).toBe('A & B');
    expect(documentTitle(parseHtml('<p>x</p>'))).toBeNull();
  });

  it('accepts only absolute http(s) URLs', () => {
    expect(isAbsoluteHttpUrl('https://example.com/a.png')).toBe(true);
    expect(isAbsoluteHttpUrl(' http://example.com ')).toBe(true);
    for (const bad of ['/a.png', '//cdn.example.com/a.png', 'ftp://x.org/', 'data:,x', '', null]) {
      expect(isAbsoluteHttpUrl(bad), String(bad)).toBe(false);
    }
  });

  it('validates BCP 47 tags', () => {
    expect(isValidLanguageTag('en')).toBe(true);
    expect(isValidLanguageTag('sr-Latn-RS')).toBe(true);
    for (const bad of ['', ' en', 'en_US', 'e', 'en-', '123']) {
      expect(isValidLanguageTag(bad), bad).toBe(false);
    }
  });

  it('resolves references against a base, keeping unresolvable ones', () => {
    const base = new URL('https://example.com/a/b');
    expect(resolveUrl('c.png', base)).toBe('https://example.com/a/c.png');
    expect(resolveUrl('http://[bad', base)).toBe('http://[bad');
  });

  it('formats lists, plurals and truncation', () => {
    expect(listPhrase([])).toBe('');
    expect(listPhrase(['a'])).toBe('a');
    expect(listPhrase(['a', 'b', 'c'])).toBe('a, b and c');
    expect(plural(1, 'word')).toBe('1 word');
    expect(plural(2, 'word')).toBe('2 words');
    expect(truncate('abc', 5)).toBe('abc');
    expect(truncate('abcdef', 5)).toBe('abcd…');
  });
});
