import { describe, expect, it } from 'vitest';
import { createPageContext } from '../page/page-context.ts';
import { makeArtifacts } from '../page/test-artifacts.ts';
import type { ImageProbe, ImagesArtifact } from '../types.ts';
import { brokenImages } from './broken-images.ts';

const html = '<html><head><title>t</title></head><body><img src="/a.jpg" alt=""></body></html>';
const run = (images?: ImagesArtifact) =>
  brokenImages.run(
    createPageContext({ ...makeArtifacts({ html }), ...(images ? { images } : {}) }),
  );
const probed = (probes: ImageProbe[]): ImagesArtifact => ({
  status: 'probed',
  found: probes.length,
  unprobed: 0,
  probes,
  durationMs: 5,
});
const answered = (path: string, status: number, contentType = 'image/png'): ImageProbe => ({
  url: `https://example.com${path}`,
  outcome: 'answered',
  status,
  contentType,
  bytes: 100,
});

describe('broken-images check', () => {
  it('is skipped without a render', () => {
    expect(run()).toMatchObject({ outcome: 'skipped', message: 'Images not checked' });
  });

  it('passes when every image answers an image, not counting timeouts and refused probes', () => {
    const outcome = run(
      probed([
        answered('/a.png', 200),
        { url: 'https://example.com/slow.png', outcome: 'timeout', detail: 'slow' },
        { url: 'http://10.0.0.1/x.png', outcome: 'refused', detail: 'private address' },
      ]),
    );
    expect(outcome).toMatchObject({
      severity: 'success',
      message: 'Every image loads (1 image checked)',
      details: { checked: 3, unanswered: 2, brokenCount: 0 },
    });
  });

  it('warns about 4xx/5xx, HTML answers and connection failures', () => {
    const outcome = run(
      probed([
        answered('/ok.png', 200),
        answered('/gone.png', 404, 'text/html'),
        answered('/error.png', 503),
        answered('/route.png', 200, 'text/html'),
        { url: 'https://cdn.example.net/x.png', outcome: 'failed', detail: 'Could not connect' },
      ]),
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('4 images do not load');
    expect(outcome.details).toMatchObject({
      brokenCount: 4,
      broken: [
        { url: 'https://example.com/gone.png', problem: 'HTTP 404' },
        { url: 'https://example.com/error.png', problem: 'HTTP 503' },
        { url: 'https://example.com/route.png', problem: 'answers an HTML page' },
        { url: 'https://cdn.example.net/x.png', problem: 'Could not connect' },
      ],
    });
    expect(outcome.why).toContain('https://example.com/gone.png (HTTP 404) and 3 other images');
  });

  it('says "does" for one broken image', () => {
    expect(run(probed([answered('/gone.png', 410)])).message).toBe('1 image does not load');
  });
});
