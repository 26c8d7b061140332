import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { imageAlt } from './image-alt.ts';

const run = (inner: string) =>
  imageAlt.run(makePage({ html: `<html><head></head><body>${inner}</body></html>` }));
const imgs = (n: number, alt: string | null, prefix = 'img') =>
  Array.from(
    { length: n },
    (_, i) => `<img src="/${prefix}${i}.png"${alt === null ? '' : ` alt="${alt}"`}>`,
  ).join('');

describe('image-alt check', () => {
  it('has stable meta', () => {
    expect(imageAlt.meta).toMatchObject({ id: 'image-alt' });
  });

  it('passes a page without images', () => {
    const outcome = run('<p>No pictures</p>');
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('No images on the page');
    expect(outcome.outcome).toBe('not_applicable');
    expect(outcome.details).toEqual({
      total: 0,
      withAlt: 0,
      missingCount: 0,
      percent: 100,
      missing: [],
      decorative: 0,
      largeDecorativeCount: 0,
      largeDecorative: [],
    });
  });

  it('passes when every image has alt, saying how many are empty (decorative)', () => {
    const outcome = run(`${imgs(2, 'A chart')}<img src="/divider.png" alt="">`);
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('All 3 images have alt attributes (1 empty, marked decorative)');
    expect(outcome.details).toMatchObject({ total: 3, withAlt: 3, percent: 100, decorative: 1 });
    expect(run(imgs(2, 'A chart')).message).toBe('All 2 images have alt text');
    expect(run(imgs(1, 'x')).message).toBe('The image has alt text');
    expect(run(imgs(2, ' ')).message).toBe('All 2 images have an empty alt (marked decorative)');
  });

  it('warns about an empty alt on a large image of the content', () => {
    const outcome = run(
      '<header><img src="/banner.jpg" width="1200" height="300" alt=""></header>' +
        '<main><img src="/hero.jpg" width="1200" height="600" alt=""><img src="/rule.png" width="600" height="4" alt="">' +
        '<img src="/deco.jpg" width="800" height="600" alt="" role="presentation"><img src="/x.jpg" alt="X"></main>',
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('1 large image in the content has an empty alt');
    expect(outcome.details).toMatchObject({
      decorative: 4,
      largeDecorativeCount: 1,
      largeDecorative: ['https://example.com/hero.jpg'],
    });
    expect(outcome.howToFix).toContain('https://example.com/hero.jpg');
  });

  it('explains a large empty alt beside missing ones', () => {
    const outcome = run(`${imgs(4, 'ok')}<img src="/m.jpg"><img src="/big-1600x900.jpg" alt="">`);
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('1 of 6 images lack alt text (83% covered)');
    expect(outcome.why).toContain('A large image in the content has an empty alt');
  });

  it('warns at 80% coverage or more', () => {
    const outcome = run(imgs(4, 'ok') + imgs(1, null, 'missing'));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('1 of 5 images lack alt text (80% covered)');
    expect(outcome.details).toEqual({
      total: 5,
      withAlt: 4,
      missingCount: 1,
      percent: 80,
      missing: ['https://example.com/missing0.png'],
      decorative: 0,
      largeDecorativeCount: 0,
      largeDecorative: [],
    });
  });

  it('is critical below 80%', () => {
    const outcome = run(imgs(3, 'ok') + imgs(1, null));
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('1 of 4 images lack alt text (75% covered)');
  });

  it('is critical when no image has alt', () => {
    const outcome = run(imgs(2, null));
    expect(outcome.severity).toBe('critical');
    expect(outcome.details).toMatchObject({ percent: 0 });
  });

  it('resolves sources against the page URL, uses data-src and marks missing src', () => {
    const outcome = imageAlt.run(
      makePage({
        html: '<img src="pic.png"><img data-src="//cdn.example.net/lazy.png"><img><img src="https://other.org/a.png">',
        fetch: { finalUrl: 'https://example.com/blog/post' },
      }),
    );
    expect(outcome.details).toMatchObject({
      missing: [
        'https://example.com/blog/pic.png',
        'https://cdn.example.net/lazy.png',
        '(no src)',
        'https://other.org/a.png',
      ],
    });
  });

  it('lists at most 20 unique sources but counts all', () => {
    const outcome = run(imgs(25, null) + imgs(3, null));
    const details = outcome.details as { missing: string[]; missingCount: number };
    expect(details.missingCount).toBe(28);
    expect(details.missing).toHaveLength(20);
    expect(new Set(details.missing).size).toBe(20);
  });

  it('ignores noscript fallbacks and templates', () => {
    const outcome = run(
      '<img data-src="/a.png" alt="A"><noscript><img src="/a.png"></noscript><template><img src="/t.png"></template>',
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.details).toMatchObject({ total: 1 });
  });

  it('truncates very long data: URIs', () => {
    const outcome = run(`<img src="data:image/png;base64,${'A'.repeat(500)}">`);
    const [src] = (outcome.details as { missing: string[] }).missing;
    expect([...src!].length).toBe(120);
    expect(src!.endsWith('…')).toBe(true);
  });
});
