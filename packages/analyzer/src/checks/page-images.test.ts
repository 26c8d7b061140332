import { describe, expect, it } from 'vitest';
import { elementsByTag } from '../page/dom.ts';
import { parseHtml } from '../page/html-parser.ts';
import {
  imageSource,
  isLarge,
  knownSize,
  looksLikeIcon,
  parseDimension,
  reservedSpace,
  shownImages,
  startTag,
} from './page-images.ts';

const img = (attributes: string) => elementsByTag(parseHtml(`<img ${attributes}>`), 'img')[0]!;

describe('page images', () => {
  it('lists the images a visitor sees', () => {
    const doc = parseHtml(
      '<img id="a"><noscript><img id="b"></noscript><template><img id="c"></template><div hidden><img id="d"></div><svg><img id="e"></svg><img id="f" aria-hidden="true"><p><img id="g"></p>',
    );
    expect(shownImages(doc).map((el) => el.attribs.id)).toEqual(['a', 'g']);
  });

  it('parses dimension attributes as HTML does', () => {
    expect(parseDimension(' 640')).toEqual({ value: 640, percent: false });
    expect(parseDimension('50.5%')).toEqual({ value: 50.5, percent: true });
    expect(parseDimension('auto')).toBeNull();
    expect(parseDimension(undefined)).toBeNull();
  });

  it('says how the page reserves an image’s space', () => {
    expect(reservedSpace(img('width="640" height="480"'))).toBe('attributes');
    expect(reservedSpace(img('width="0" height="0"'))).toBe('attributes');
    expect(reservedSpace(img('width="640" style="height: 12rem"'))).toBe('style');
    expect(reservedSpace(img('style="width:100%;aspect-ratio:16/9"'))).toBe('aspect-ratio');
    expect(reservedSpace(img('style="position: absolute"'))).toBe('out of flow');
    expect(reservedSpace(img('width="640"'))).toBeNull();
    expect(reservedSpace(img('width="auto" height="auto"'))).toBeNull();
    expect(reservedSpace(img('style="aspect-ratio: 4/3"'))).toBeNull();
    expect(reservedSpace(img('style="width: auto; height: auto"'))).toBeNull();
  });

  it('reads a size the page states: attributes, inline pixels, a resized file name', () => {
    expect(knownSize(img('width="800" height="533"'))).toEqual({
      width: 800,
      height: 533,
      source: 'attributes',
    });
    expect(knownSize(img('style="width: 320px; height: 200.4px"'))).toEqual({
      width: 320,
      height: 200,
      source: 'style',
    });
    expect(knownSize(img('src="/wp-content/uploads/hero-1200x630.jpg?ver=2"'))).toEqual({
      width: 1200,
      height: 630,
      source: 'file name',
    });
    expect(knownSize(img('src="/hero.jpg" width="100%" height="300"'))).toBeNull();
  });

  it('calls an image large from 150 px on its short side and 300 × 200 in area', () => {
    expect(isLarge({ width: 300, height: 200 })).toBe(true);
    expect(isLarge({ width: 1200, height: 149 })).toBe(false);
    expect(isLarge({ width: 200, height: 200 })).toBe(false);
  });

  it('tells logos and icons by their file name or class', () => {
    expect(looksLikeIcon(img('src="/img/logo.svg"'))).toBe(true);
    expect(looksLikeIcon(img('src="/a.png" class="user-avatar"'))).toBe(true);
    expect(looksLikeIcon(img('src="/img/catalogue.jpg"'))).toBe(false);
  });

  it('names an image by the address it loads', () => {
    const base = new URL('https://example.com/blog/post');
    expect(imageSource(img('src="a.png"'), base)).toBe('https://example.com/blog/a.png');
    expect(imageSource(img('srcset="/b.png 1x, /c.png 2x"'), base)).toBe(
      'https://example.com/b.png',
    );
    expect(imageSource(img('data-src="/lazy.png"'), base)).toBe('https://example.com/lazy.png');
    expect(imageSource(img('alt="x"'), base)).toBe('(no src)');
  });

  it('writes a start tag with attributes changed, escaped, and none when too long', () => {
    expect(
      startTag(img('src="/a.png" loading="lazy" alt="Tom &amp; &quot;Jerry&quot;"'), {
        remove: ['loading'],
        set: { fetchpriority: 'high' },
      }),
    ).toBe('<img src="/a.png" alt="Tom &amp; &quot;Jerry&quot;" fetchpriority="high">');
    expect(startTag(img(`src="data:image/png;base64,${'A'.repeat(1000)}"`), {})).toBeNull();
  });
});
