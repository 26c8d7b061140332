import type { Check, CheckOutcome } from './check.ts';
import { attributeText, withFix } from './fix-snippets.ts';
import { type Answered, imageFormat, probedImages } from './image-facts.ts';
import { MAX_LISTED, plural, truncate } from './markup-helpers.ts';
import { formatBytes } from './page-weight.ts';

/**
 * `image-weight` (performance): images over 200 KB. An image is usually the heaviest thing a page
 * downloads, and one over 200 KB is almost always a photo saved at print quality or at several
 * times the size it is shown; compressed and in WebP or AVIF it is a fraction of that. The size
 * is the Content-Length each image declares when asked (gather/image-probe.ts: the images of
 * the rendered DOM, at most 24 per page); one without it is counted as of unknown size. Any image
 * over the limit is a warning. Skipped when the page was not rendered.
 */

export const HEAVY_IMAGE_BYTES = 200 * 1024;
const MODERN = new Set(['WebP', 'AVIF', 'SVG']);

function pictureSnippet(url: string): string {
  const base = url.replace(/\.[a-z0-9]+(?=$|[?#])/i, '');
  const src = attributeText(url);
  return [
    '<picture>',
    `  <source srcset="${attributeText(`${base}.avif`)}" type="image/avif">`,
    `  <source srcset="${attributeText(`${base}.webp`)}" type="image/webp">`,
    `  <img src="${src}" alt="…" width="…" height="…" loading="lazy">`,
    '</picture>',
  ].join('\n');
}

export const imageWeight: Check = {
  meta: {
    id: 'image-weight',
    title: 'Image weight',
    why: 'Images are usually most of what a page downloads. An image over 200 KB is almost always saved at a higher quality or a larger size than it is shown at, and slows the page on phones; compressed, resized and in WebP or AVIF it is a fraction of that.',
    howToFix:
      'Resize each heavy image to the largest size it is shown at, compress it, and serve it as WebP or AVIF (with srcset for the sizes it is shown at).',
    fixSnippet:
      'for the first heavy JPEG, PNG or GIF, a <picture> that offers AVIF and WebP versions of it (to be made alongside the original) before falling back to the original file.',
    rule: `Every <img> of the rendered page (at most 24 per page, each asked for its response head without downloading it) that answers 2xx with a declared Content-Length over ${HEAVY_IMAGE_BYTES / 1024} KB is heavy; one heavy image or more is a warning. Images without a Content-Length are counted as of unknown size. Skipped when the page was not rendered.`,
    sources: [
      {
        title: 'web.dev: Choose the right image format',
        url: 'https://web.dev/articles/choose-the-right-image-format',
      },
      {
        title: 'Lighthouse: Efficiently encode images',
        url: 'https://developer.chrome.com/docs/lighthouse/performance/uses-optimized-images',
      },
      {
        title: 'web.dev: Serve images in modern formats',
        url: 'https://developer.chrome.com/docs/lighthouse/performance/uses-webp-images',
      },
    ],
  },
  run(page): CheckOutcome {
    const { images, skipped } = probedImages(page, 'Image weight');
    if (skipped) return skipped;
    const answered = images.probes.filter(
      (probe): probe is Answered =>
        probe.outcome === 'answered' && probe.status >= 200 && probe.status < 300,
    );
    const heavy = answered
      .filter((probe) => probe.bytes !== null && probe.bytes > HEAVY_IMAGE_BYTES)
      .sort((a, b) => (b.bytes ?? 0) - (a.bytes ?? 0));
    const details = {
      checked: answered.length,
      unknownSize: answered.filter((probe) => probe.bytes === null).length,
      unprobed: images.unprobed,
      heavyCount: heavy.length,
      heavy: heavy.slice(0, MAX_LISTED).map((probe) => ({
        url: truncate(probe.url),
        bytes: probe.bytes,
        format: imageFormat(probe.url, probe.contentType),
      })),
    };
    if (images.found === 0) {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: 'The page shows no images',
        details,
      };
    }
    if (heavy.length === 0) {
      return {
        severity: 'success',
        message: `No image over ${HEAVY_IMAGE_BYTES / 1024} KB (${plural(answered.length, 'image')} checked)`,
        details,
      };
    }
    const total = heavy.reduce((sum, probe) => sum + (probe.bytes ?? 0), 0);
    const first = details.heavy[0]!;
    const convertible = heavy.find(
      (probe) => !MODERN.has(imageFormat(probe.url, probe.contentType) ?? ''),
    );
    return withFix(
      {
        severity: 'warning',
        message: `${plural(heavy.length, 'image')} over ${HEAVY_IMAGE_BYTES / 1024} KB (${formatBytes(total)} in all)`,
        why: `The heaviest is ${first.url} (${formatBytes(first.bytes ?? 0)}${first.format ? `, ${first.format}` : ''}). Images this heavy are usually saved at a higher quality or a larger size than they are shown at; every visitor downloads them in full.`,
        details,
      },
      () =>
        convertible
          ? {
              howToFix: `Resize and compress the listed images, and offer AVIF and WebP versions; for ${truncate(convertible.url)}:\n${pictureSnippet(convertible.url)}`,
              fixSnippet: pictureSnippet(convertible.url),
            }
          : null,
    );
  },
};
