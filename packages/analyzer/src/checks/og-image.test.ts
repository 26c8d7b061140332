import { describe, expect, it } from 'vitest';
import { createPageContext } from '../page/page-context.ts';
import { makeArtifacts } from '../page/test-artifacts.ts';
import type { OgImageArtifact } from '../types.ts';
import { ogImage } from './og-image.ts';

const IMAGE = 'https://example.com/share.png';
const html = (head = `<meta property="og:image" content="${IMAGE}">`) =>
  `<html><head><title>t</title>${head}</head><body></body></html>`;
const run = (answer?: OgImageArtifact, head?: string) =>
  ogImage.run(
    createPageContext({
      ...makeArtifacts({ html: html(head) }),
      ...(answer ? { ogImage: answer } : {}),
    }),
  );
const answered = (extra: Partial<Extract<OgImageArtifact, { outcome: 'answered' }>> = {}) =>
  ({
    url: IMAGE,
    outcome: 'answered',
    status: 200,
    finalUrl: IMAGE,
    contentType: 'image/png',
    bytes: 48_000,
    format: 'PNG',
    width: 1200,
    height: 630,
    ...extra,
  }) as OgImageArtifact;

describe('og-image check', () => {
  it('is not applicable without og:image', () => {
    expect(run(undefined, '')).toMatchObject({ outcome: 'not_applicable' });
  });

  it('is skipped when the image was not asked for, or another address was', () => {
    expect(run()).toMatchObject({
      outcome: 'skipped',
      details: { reason: 'it was not requested' },
    });
    expect(run(answered({ url: 'https://example.com/other.png' }))).toMatchObject({
      outcome: 'skipped',
    });
    expect(run({ url: IMAGE, outcome: 'timeout', detail: 'slow' })).toMatchObject({
      outcome: 'skipped',
      message: 'The og:image could not be checked',
    });
  });

  it('passes 1200×630, naming size, format and weight', () => {
    const outcome = run(answered());
    expect(outcome).toMatchObject({
      severity: 'success',
      message: 'The og:image loads (1200×630 pixels, PNG, 47 KB)',
      details: { width: 1200, height: 630, format: 'PNG', status: 200 },
    });
    expect(outcome.why).toBeUndefined();
  });

  it('passes a usable size below the recommended one, with a note', () => {
    const outcome = run(answered({ width: 600, height: 315 }));
    expect(outcome.severity).toBe('success');
    expect(outcome.why).toContain('1200×630 gives the large card');
  });

  it('warns below 200×200', () => {
    expect(run(answered({ width: 150, height: 100, format: 'JPEG' }))).toMatchObject({
      severity: 'warning',
      message: 'The og:image is too small (150×100 pixels)',
    });
  });

  it('is critical when the image does not load or is not an image', () => {
    expect(run(answered({ status: 404, contentType: 'text/html' }))).toMatchObject({
      severity: 'critical',
      message: 'The og:image answers HTTP 404',
    });
    expect(run({ url: IMAGE, outcome: 'failed', detail: 'Could not connect' })).toMatchObject({
      severity: 'critical',
      message: 'The og:image does not load',
    });
    const html = answered({ contentType: 'text/html' });
    for (const key of ['format', 'width', 'height'] as const)
      delete (html as Record<string, unknown>)[key];
    expect(run(html)).toMatchObject({
      severity: 'critical',
      message: 'The og:image is not an image',
    });
  });

  it('warns about an SVG, and passes an image whose size it cannot read', () => {
    expect(run(answered({ contentType: 'image/svg+xml' }))).toMatchObject({
      severity: 'warning',
      message: 'The og:image is an SVG',
    });
    const avif = answered({ contentType: 'image/avif' });
    for (const key of ['format', 'width', 'height'] as const)
      delete (avif as Record<string, unknown>)[key];
    expect(run(avif)).toMatchObject({ severity: 'success', message: 'The og:image loads' });
  });

  it('resolves a relative og:image the way the gather step does', () => {
    const outcome = run(
      answered({ url: 'https://example.com/img/a.png' }),
      '<meta property="og:image" content="/img/a.png">',
    );
    expect(outcome.severity).toBe('success');
  });
});
