import { describe, expect, it } from 'vitest';
import { createPageContext } from '../page/page-context.ts';
import { makeArtifacts } from '../page/test-artifacts.ts';
import type { ImageProbe, ImagesArtifact } from '../types.ts';
import { imageFormat } from './image-facts.ts';
import { imageWeight } from './image-weight.ts';

const html = '<html><head><title>t</title></head><body><img src="/a.jpg" alt=""></body></html>';
const run = (images?: ImagesArtifact) =>
  imageWeight.run(createPageContext({ ...makeArtifacts({ html }), ...(images ? { images } : {}) }));
const probed = (probes: ImageProbe[]): ImagesArtifact => ({
  status: 'probed',
  found: probes.length,
  unprobed: 0,
  probes,
  durationMs: 5,
});
const image = (path: string, bytes: number | null, contentType = 'image/jpeg'): ImageProbe => ({
  url: `https://example.com${path}`,
  outcome: 'answered',
  status: 200,
  contentType,
  bytes,
});

describe('image-weight check', () => {
  it('is skipped without a render, saying why', () => {
    expect(run()).toMatchObject({
      outcome: 'skipped',
      message: 'Image weight not checked',
      details: { reason: 'No headless browser in unit tests' },
    });
    expect(run({ status: 'skipped', reason: 'Rendering is switched off' })).toMatchObject({
      outcome: 'skipped',
      details: { reason: 'Rendering is switched off' },
    });
  });

  it('is not applicable to a page without images', () => {
    expect(run(probed([]))).toMatchObject({ outcome: 'not_applicable', severity: 'success' });
  });

  it('passes images of 200 KB or less, counting those of unknown size', () => {
    const outcome = run(probed([image('/a.jpg', 200 * 1024), image('/b.png', null, 'image/png')]));
    expect(outcome).toMatchObject({
      severity: 'success',
      message: 'No image over 200 KB (2 images checked)',
      details: { checked: 2, unknownSize: 1, heavyCount: 0 },
    });
  });

  it('warns about heavy images, heaviest first, with bytes and format, and writes a <picture>', () => {
    const outcome = run(
      probed([
        image('/photos/hero.jpg', 900 * 1024),
        image('/icons/logo.webp', 250 * 1024, 'image/webp'),
        {
          url: 'https://example.com/missing.jpg',
          outcome: 'answered',
          status: 404,
          contentType: 'text/html',
          bytes: 999_999,
        },
      ]),
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('2 images over 200 KB (1.1 MB in all)');
    expect(outcome.details).toMatchObject({
      heavyCount: 2,
      heavy: [
        { url: 'https://example.com/photos/hero.jpg', bytes: 900 * 1024, format: 'JPEG' },
        { url: 'https://example.com/icons/logo.webp', bytes: 250 * 1024, format: 'WebP' },
      ],
      fixSnippet: [
        '<picture>',
        '  <source srcset="https://example.com/photos/hero.avif" type="image/avif">',
        '  <source srcset="https://example.com/photos/hero.webp" type="image/webp">',
        '  <img src="https://example.com/photos/hero.jpg" alt="…" width="…" height="…" loading="lazy">',
        '</picture>',
      ].join('\n'),
    });
    expect(outcome.why).toContain('https://example.com/photos/hero.jpg (900 KB, JPEG)');
  });

  it('gives no <picture> when every heavy image is already WebP or AVIF', () => {
    const outcome = run(probed([image('/a.avif', 300 * 1024, 'image/avif')]));
    expect(outcome.severity).toBe('warning');
    expect(outcome.details).not.toHaveProperty('fixSnippet');
  });

  it('names formats from the Content-Type, else the file name', () => {
    expect(imageFormat('https://x/a', 'image/png')).toBe('PNG');
    expect(imageFormat('https://x/a.JPEG?v=2', 'application/octet-stream')).toBe('JPEG');
    expect(imageFormat('https://x/a', null)).toBeNull();
  });
});
