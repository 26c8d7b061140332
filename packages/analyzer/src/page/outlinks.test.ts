import { crawlScope, DEFAULT_CRAWL_URL_RULES } from '@crawlwise/shared/crawl-url';
import { describe, expect, it } from 'vitest';
import { parseHtml } from './html-parser.ts';
import { linkRecordOf, MAX_OUTLINKS, outlinksOf } from './outlinks.ts';

const PAGE = new URL('https://example.com/shop/index.html');
const options = {
  scope: crawlScope(PAGE, DEFAULT_CRAWL_URL_RULES),
  rules: DEFAULT_CRAWL_URL_RULES,
};
const page = (body: string, head = '') =>
  parseHtml(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`);

describe('outlinksOf', () => {
  it('keeps one internal link per target with its anchor, and counts external targets', () => {
    const links = outlinksOf(
      page(`
        <a href="shoes.html">Shoes</a>
        <a href="/shop/shoes.html#sizes">Shoe sizes</a>
        <a href="https://example.com/shop/shoes.html?utm_source=nav">Again</a>
        <a href="/about"><img src="a.png" alt="About us"></a>
        <a href="/empty"></a>
        <a href="https://other.example/x">Elsewhere</a>
        <a href="https://other.example/x#y">Elsewhere again</a>
        <a href="https://third.example/">Third</a>
        <a href="mailto:team@example.com">Mail</a>
        <a>No href</a>
        <template><a href="/templated">Hidden</a></template>
      `),
      PAGE,
      options,
    );
    expect(links.internal).toEqual([
      { key: 'https://example.com/shop/shoes.html', anchor: 'Shoes', nofollow: false },
      { key: 'https://example.com/about', anchor: 'About us', nofollow: false },
      { key: 'https://example.com/empty', anchor: '', nofollow: false },
    ]);
    expect(links.externalCount).toBe(2);
    expect(links.omitted).toBe(0);
  });

  it('is nofollow only when every link to a target is, or when the page says so', () => {
    const html = `
      <a href="/a" rel="nofollow">A</a>
      <a href="/b" rel="NoFollow noopener">B</a>
      <a href="/b">B followed</a>
      <a href="/c" rel="sponsored">C</a>`;
    expect(outlinksOf(page(html), PAGE, options).internal).toEqual([
      { key: 'https://example.com/a', anchor: 'A', nofollow: true },
      { key: 'https://example.com/b', anchor: 'B', nofollow: false },
      { key: 'https://example.com/c', anchor: 'C', nofollow: false },
    ]);
    const all = outlinksOf(page(html), PAGE, { ...options, pageNofollow: true });
    expect(all.internal.every((link) => link.nofollow)).toBe(true);
  });

  it('resolves against <base href> and clips long anchors', () => {
    const links = outlinksOf(
      page(`<a href="x">${'word '.repeat(100)}</a>`, '<base href="https://example.com/docs/">'),
      PAGE,
      options,
    );
    expect(links.internal[0]?.key).toBe('https://example.com/docs/x');
    expect(links.internal[0]?.anchor.length).toBeLessThanOrEqual(200);
  });

  it('keeps at most MAX_OUTLINKS targets and says how many it left out', () => {
    const many = Array.from({ length: MAX_OUTLINKS + 25 }, (_, i) => `<a href="/p/${i}">${i}</a>`);
    const links = outlinksOf(page(many.join('')), PAGE, options);
    expect(links.internal).toHaveLength(MAX_OUTLINKS);
    expect(links.omitted).toBe(25);
  });
});

describe('linkRecordOf', () => {
  it('keeps the links only the rendered page has apart from the served ones', () => {
    const served = page('<a href="/a">A</a><a href="/b">B</a>');
    const rendered = page('<a href="/a">A</a><a href="/c">C</a><a href="/c#x">C again</a>');
    const record = linkRecordOf(served, rendered, PAGE, options);
    expect(record.served.internal.map((link) => link.key)).toEqual([
      'https://example.com/a',
      'https://example.com/b',
    ]);
    expect(record.renderedOnly).toEqual([
      { key: 'https://example.com/c', anchor: 'C', nofollow: false },
    ]);
    expect(linkRecordOf(served, null, PAGE, options).renderedOnly).toBeNull();
  });
});
