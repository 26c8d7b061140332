import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { imageLazyLcp } from './image-lazy-lcp.ts';

const run = (body: string) =>
  imageLazyLcp.run(makePage({ html: `<html><head></head><body>${body}</body></html>` }));
const words = (count: number) => `<p>${'word '.repeat(count)}</p>`;

describe('image-lazy-lcp check', () => {
  it('warns when the large image at the top is lazy-loaded, with the tag to paste', () => {
    const outcome = run(
      '<header><img src="/logo.png" width="120" height="40"></header><main><h1>Title</h1><img src="/hero.jpg" alt="Hero" width="1200" height="600" loading="lazy"></main>',
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('The main image (1200 × 600) is lazy-loaded');
    expect(outcome.details).toMatchObject({
      image: 'https://example.com/hero.jpg',
      size: { width: 1200, height: 600, source: 'attributes' },
      wordsBefore: 1,
      loading: 'lazy',
      prioritised: false,
      fixSnippet: '<img src="/hero.jpg" alt="Hero" width="1200" height="600" fetchpriority="high">',
    });
    expect(outcome.howToFix).toContain('fetchpriority="high">');
  });

  it('praises an eager main image with fetchpriority="high"', () => {
    const outcome = run('<img src="/hero.jpg" width="1200" height="600" fetchpriority="HIGH">');
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe(
      'The main image (1200 × 600) loads at once, with fetchpriority="high"',
    );
    expect(outcome.details).toMatchObject({ prioritised: true, fetchPriority: 'high' });
    expect(run('<img src="/hero.jpg" width="1200" height="600">').why).toContain(
      'fetchpriority="high" on it would also',
    );
  });

  it('passes over small images, and takes an unsized content image as the likely one', () => {
    const outcome = run(
      '<img src="/avatar.png" width="48" height="48" loading="lazy"><img src="/logo.svg" loading="lazy"><main><img src="/photo.jpg" loading="lazy"></main>',
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('The likely main image is lazy-loaded');
    expect(outcome.details).toMatchObject({ image: 'https://example.com/photo.jpg', size: null });
  });

  it('does not take an unsized image of the site header, but a large one', () => {
    expect(run('<header><img src="/brand.png" loading="lazy"></header>').outcome).toBe(
      'not_applicable',
    );
    const hero = run('<header><img src="/banner-1600x500.jpg" loading="lazy"></header>');
    expect(hero.severity).toBe('warning');
  });

  it('leaves lazy images below the first screen alone', () => {
    const outcome = run(
      `${words(200)}<img src="/below.jpg" width="1200" height="600" loading="lazy">`,
    );
    expect(outcome).toMatchObject({ severity: 'success', outcome: 'not_applicable' });
  });

  it('judges the first large image only', () => {
    const outcome = run(
      `<img src="/hero.jpg" width="800" height="500">${words(20)}<img src="/second.jpg" width="800" height="500" loading="lazy">`,
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.details).toMatchObject({ image: 'https://example.com/hero.jpg', loading: null });
  });

  it('ignores hidden images and noscript fallbacks', () => {
    const outcome = run(
      '<div hidden><img src="/modal.jpg" width="800" height="600" loading="lazy"></div><noscript><img src="/a.jpg" width="800" height="600" loading="lazy"></noscript>',
    );
    expect(outcome.outcome).toBe('not_applicable');
  });
});
