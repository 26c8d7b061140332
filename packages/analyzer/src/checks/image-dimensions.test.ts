import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { imageDimensions } from './image-dimensions.ts';

const run = (body: string) =>
  imageDimensions.run(makePage({ html: `<html><head></head><body>${body}</body></html>` }));

describe('image-dimensions check', () => {
  it('does not apply to a page without images', () => {
    const outcome = run('<p>Words only</p><noscript><img src="/pixel.gif"></noscript>');
    expect(outcome).toMatchObject({ severity: 'success', outcome: 'not_applicable' });
  });

  it('passes images sized by attributes, style or aspect ratio', () => {
    const outcome = run(
      '<img src="/a.jpg" width="640" height="480"><img src="/b.jpg" style="width:100%;aspect-ratio:16/9"><img src="/c.jpg" style="position:fixed">',
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('All 3 images have their size set');
    expect(outcome.details).toMatchObject({
      total: 3,
      unsizedCount: 0,
      reserved: { attributes: 1, 'aspect-ratio': 1, 'out of flow': 1, style: 0 },
    });
    expect(run('<img src="/a.jpg" width="1" height="1">').message).toBe(
      'The image has its size set',
    );
  });

  it('warns about images without width and height, the site header’s included', () => {
    const outcome = run(
      '<header><img src="/logo.png"></header><main><img src="/a.jpg" width="640" height="480"><img src="/b.jpg" width="640"></main>',
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('2 of 3 images have no width and height in the HTML');
    expect(outcome.details).toMatchObject({
      unsizedCount: 2,
      unsized: [
        { src: 'https://example.com/logo.png', size: null },
        { src: 'https://example.com/b.jpg', size: null },
      ],
    });
  });

  it('skips hidden images and inline SVG data', () => {
    const outcome = run(
      '<div style="display:none"><img src="/modal.jpg"></div><img src="data:image/svg+xml,%3Csvg%3E%3C/svg%3E"><img src="/a.jpg" width="10" height="10">',
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.details).toMatchObject({ total: 1 });
  });

  it('writes the tags whose size the page states, and names the others', () => {
    const outcome = run(
      '<img src="/uploads/hero-1200x630.jpg" alt="Hero"><img src="/thumb-320x200.png" style="width: 100%" alt=""><img src="/unknown.jpg" alt="?">',
    );
    expect(outcome.details).toMatchObject({
      fixSnippet:
        '<img src="/uploads/hero-1200x630.jpg" alt="Hero" width="1200" height="630">\n<img src="/thumb-320x200.png" style="width: 100%" alt="" width="320" height="200">',
    });
    expect(outcome.howToFix).toContain(
      'intrinsic size in pixels of https://example.com/unknown.jpg.',
    );
    expect(outcome.howToFix).toContain('img { max-width: 100%; height: auto; }');
  });

  it('has no snippet when no size is known, and counts beyond the listed images', () => {
    const images = Array.from({ length: 25 }, (_, i) => `<img src="/p${i}.jpg">`).join('');
    const outcome = run(images);
    expect(outcome.details).not.toHaveProperty('fixSnippet');
    expect(outcome.details).toMatchObject({ unsizedCount: 25 });
    expect((outcome.details as { unsized: unknown[] }).unsized).toHaveLength(20);
    expect(outcome.howToFix).toContain('https://example.com/p4.jpg and 20 other images.');
  });
});
