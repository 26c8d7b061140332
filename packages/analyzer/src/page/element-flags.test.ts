import { describe, expect, it } from 'vitest';
import { elementsByTag } from './dom.ts';
import { isHiddenInPage, isInChrome } from './element-flags.ts';
import { parseHtml } from './html-parser.ts';

const PAGE = `<html><body>
  <header><img id="logo"><nav><img id="nav"></nav></header>
  <main>
    <article><header><img id="article-header"></header><img id="article"><footer><img id="byline"></footer>
      <aside><img id="pull-quote"></aside></article>
    <div hidden><p><img id="hidden-deep"></p></div>
    <div aria-hidden="true"><img id="aria-hidden"></div>
    <div style="display: none"><span><img id="display-none"></span></div>
    <img id="self-hidden" hidden>
    <div role="navigation"><img id="role-nav"></div>
    <img id="content">
  </main>
  <footer><img id="footer"></footer>
  <div role="banner"><img id="banner"></div>
  <section><header><img id="section-header"></header></section>
</body></html>`;

const doc = parseHtml(PAGE);
const image = (id: string) => elementsByTag(doc, 'img').find((el) => el.attribs.id === id)!;

describe('element flags', () => {
  it('marks elements hidden by themselves or by any ancestor', () => {
    for (const id of ['hidden-deep', 'aria-hidden', 'display-none', 'self-hidden']) {
      expect(isHiddenInPage(doc, image(id)), id).toBe(true);
    }
    for (const id of ['content', 'article', 'logo', 'footer']) {
      expect(isHiddenInPage(doc, image(id)), id).toBe(false);
    }
  });

  it('marks navigation, sidebars and the site header and footer as chrome', () => {
    for (const id of ['logo', 'nav', 'pull-quote', 'role-nav', 'footer', 'banner']) {
      expect(isInChrome(doc, image(id)), id).toBe(true);
    }
  });

  it('keeps headers and footers inside main, article or section in the content', () => {
    for (const id of ['article-header', 'article', 'byline', 'section-header', 'content']) {
      expect(isInChrome(doc, image(id)), id).toBe(false);
    }
  });

  it('stays linear on deep nesting', () => {
    const depth = 20_000;
    const deep = parseHtml(`${'<div hidden>'.repeat(depth)}<img>${'</div>'.repeat(depth)}`);
    const started = performance.now();
    expect(isHiddenInPage(deep, elementsByTag(deep, 'img')[0]!)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
