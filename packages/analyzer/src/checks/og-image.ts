import { metaLookup } from '../page/metadata.ts';
import type { PageContext } from '../page/page-context.ts';
import type { Check, CheckOutcome } from './check.ts';
import { truncate } from './markup-helpers.ts';
import { formatBytes } from './page-weight.ts';

/**
 * `og-image` (social): the image a shared link shows. The og:image must answer with an image
 * (gather/og-image.ts asks for the start of its file, through the address guard), and be of a
 * usable size: Facebook needs at least 200×200 pixels and shows a large card from 1200×630
 * (LinkedIn and X likewise). An og:image that does not load, or is not an image, is critical:
 * every share shows a broken or no picture. Smaller than 200×200 is a warning; usable but below
 * 1200×630 passes with a note; SVG, which the platforms do not show, is a warning. A page
 * without og:image is not applicable (open-graph reports the missing tag); a request that timed
 * out or that our guard refused (a private address) is skipped.
 */

export const OG_MIN = 200;
export const OG_RECOMMENDED = { width: 1200, height: 630 } as const;

/** The og:image the full parse reads (og:image, else og:image:url or og:image:secure_url). */
function pageOgImage(page: PageContext): string | null {
  for (const key of ['og:image', 'og:image:url', 'og:image:secure_url']) {
    const value = metaLookup(page.document, key).head[0]?.attribs.content?.trim();
    if (!value) continue;
    try {
      const url = new URL(value, page.url);
      url.hash = '';
      return url.href;
    } catch {
      return null;
    }
  }
  return null;
}

export const ogImage: Check = {
  meta: {
    id: 'og-image',
    title: 'Share image',
    why: 'The og:image is the picture shown when the page is shared on Facebook, LinkedIn, Slack, X and chat apps. When it does not load, or is too small, shares show no picture or a small thumbnail and are clicked far less.',
    howToFix:
      'Point og:image at a PNG, JPEG or WebP image of 1200×630 pixels (at least 200×200) that answers 200 at an absolute https:// address.',
    rule: `The first og:image (or og:image:url, og:image:secure_url) in the head is requested (only the first ${128} KB, through the address guard) and its size read from the PNG, GIF, JPEG or WebP header. It must answer 2xx with an image: a 4xx, 5xx, a connection failure or a non-image answer is critical. An SVG is a warning (the platforms do not show it); smaller than ${OG_MIN}×${OG_MIN} pixels is a warning; ${OG_MIN}×${OG_MIN} or more passes, with a note below the recommended ${OG_RECOMMENDED.width}×${OG_RECOMMENDED.height}. Not applicable without og:image; skipped when the request timed out or addressed a private network.`,
    sources: [
      {
        title: 'Meta for Developers: Sharing best practices (images)',
        url: 'https://developers.facebook.com/docs/sharing/webmasters/images/',
      },
      { title: 'The Open Graph protocol', url: 'https://ogp.me/#structured' },
      {
        title: 'LinkedIn: Making your website shareable',
        url: 'https://www.linkedin.com/help/linkedin/answer/a521928',
      },
    ],
  },
  run(page): CheckOutcome {
    const declared = pageOgImage(page);
    if (declared === null) {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: 'No og:image to check',
        details: { url: null },
      };
    }
    const answer = page.artifacts.ogImage;
    if (!answer || answer.url !== declared) {
      const reason = answer ? 'the image requested was another address' : 'it was not requested';
      return {
        severity: 'success',
        outcome: 'skipped',
        message: 'The og:image was not checked',
        why: `The og:image ${truncate(declared)} was not checked (${reason}).`,
        details: { url: truncate(declared), reason },
      };
    }
    const url = truncate(declared);
    if (answer.outcome === 'timeout' || answer.outcome === 'refused') {
      return {
        severity: 'success',
        outcome: 'skipped',
        message: 'The og:image could not be checked',
        why: `Asking for ${url} ${answer.outcome === 'timeout' ? 'timed out' : 'was refused: it is not on the public internet'} (${truncate(answer.detail)}).`,
        details: { url, reason: truncate(answer.detail) },
      };
    }
    if (answer.outcome !== 'answered') {
      return {
        severity: 'critical',
        message: 'The og:image does not load',
        why: `${url} could not be requested (${truncate(answer.detail)}), so shares of the page show no picture.`,
        details: { url, problem: truncate(answer.detail) },
      };
    }
    const details = {
      url,
      status: answer.status,
      contentType: answer.contentType,
      bytes: answer.bytes,
      format: answer.format ?? null,
      width: answer.width ?? null,
      height: answer.height ?? null,
    };
    if (answer.status >= 300) {
      return {
        severity: 'critical',
        message: `The og:image answers HTTP ${answer.status}`,
        why: `${url} answers ${answer.status}, so shares of the page show no picture.`,
        details,
      };
    }
    const mime = answer.contentType ?? '';
    if (mime === 'image/svg+xml') {
      return {
        severity: 'warning',
        message: 'The og:image is an SVG',
        why: `${url} is an SVG image, which Facebook, LinkedIn and X do not show: shares get no picture.`,
        howToFix:
          'Export the image as PNG or JPEG (1200×630 pixels) and point og:image at that file.',
        details,
      };
    }
    if (answer.width === undefined || answer.height === undefined) {
      if (!mime.startsWith('image/')) {
        return {
          severity: 'critical',
          message: 'The og:image is not an image',
          why: `${url} answers ${mime || 'without a content type'} rather than an image, so shares of the page show no picture.`,
          details,
        };
      }
      return {
        severity: 'success',
        message: 'The og:image loads',
        why: `Its size could not be read (${mime} is not a PNG, GIF, JPEG or WebP file whose start Crawlwise reads); platforms want at least ${OG_MIN}×${OG_MIN} pixels, ideally ${OG_RECOMMENDED.width}×${OG_RECOMMENDED.height}.`,
        details,
      };
    }
    const { width, height } = answer;
    const size = `${width}×${height}`;
    if (width < OG_MIN || height < OG_MIN) {
      return {
        severity: 'warning',
        message: `The og:image is too small (${size} pixels)`,
        why: `Platforms ignore a share image smaller than ${OG_MIN}×${OG_MIN} pixels, or show it as a small thumbnail: ${url} is ${size}.`,
        howToFix: `Point og:image at an image of ${OG_RECOMMENDED.width}×${OG_RECOMMENDED.height} pixels (at least ${OG_MIN}×${OG_MIN}).`,
        details,
      };
    }
    const weight = answer.bytes === null ? '' : `, ${formatBytes(answer.bytes)}`;
    const recommended =
      width >= OG_RECOMMENDED.width && height >= OG_RECOMMENDED.height
        ? ''
        : `; ${OG_RECOMMENDED.width}×${OG_RECOMMENDED.height} gives the large card on every platform`;
    return {
      severity: 'success',
      message: `The og:image loads (${size} pixels, ${answer.format}${weight})`,
      ...(recommended ? { why: `Usable as a share image${recommended}.` } : {}),
      details,
    };
  },
};
