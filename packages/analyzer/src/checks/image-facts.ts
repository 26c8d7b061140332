import type { PageContext } from '../page/page-context.ts';
import type { ImageProbe, ImagesArtifact } from '../types.ts';
import type { CheckOutcome } from './check.ts';

/**
 * What `image-weight` and `broken-images` share: the probed images (gather/image-probe.ts) or
 * the skipped outcome when there are none, and an image's format in words.
 */

export type ProbedImages = Extract<ImagesArtifact, { status: 'probed' }>;

/** The probes, or a skipped outcome saying why the page's images were not asked about. */
export function probedImages(
  page: PageContext,
  what: string,
): { images: ProbedImages; skipped?: never } | { skipped: CheckOutcome; images?: never } {
  const images = page.artifacts.images;
  if (images?.status === 'probed') return { images };
  const reason =
    images?.reason ??
    (page.artifacts.render.status === 'rendered'
      ? 'the images were not asked about'
      : (page.artifacts.render.reason ?? `render ${page.artifacts.render.status}`));
  return {
    skipped: {
      severity: 'success',
      outcome: 'skipped',
      message: `${what} not checked`,
      why: `The page's images are listed by rendering it in a browser, and this page was not (${reason}).`,
      details: { reason },
    },
  };
}

const FORMATS: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/jpg': 'JPEG',
  'image/pjpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
  'image/svg+xml': 'SVG',
  'image/bmp': 'BMP',
  'image/tiff': 'TIFF',
  'image/x-icon': 'ICO',
  'image/vnd.microsoft.icon': 'ICO',
  'image/heic': 'HEIC',
  'image/jxl': 'JPEG XL',
};

const EXTENSIONS: Record<string, string> = {
  jpg: 'JPEG',
  jpeg: 'JPEG',
  png: 'PNG',
  gif: 'GIF',
  webp: 'WebP',
  avif: 'AVIF',
  svg: 'SVG',
  bmp: 'BMP',
  tif: 'TIFF',
  tiff: 'TIFF',
  ico: 'ICO',
};

/** The format from the Content-Type, else from the file name; null when neither says. */
export function imageFormat(url: string, contentType: string | null): string | null {
  const mime = (contentType ?? '').toLowerCase();
  if (FORMATS[mime]) return FORMATS[mime];
  try {
    const extension = new URL(url).pathname.split('.').pop()?.toLowerCase() ?? '';
    return EXTENSIONS[extension] ?? null;
  } catch {
    return null;
  }
}

export type Answered = Extract<ImageProbe, { outcome: 'answered' }>;
