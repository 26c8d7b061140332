import type { Element } from '../page/dom.ts';
import type { Check, CheckOutcome } from './check.ts';
import { type Fix, withFix } from './fix-snippets.ts';
import { MAX_LISTED, plural } from './markup-helpers.ts';
import {
  imageSource,
  type KnownSize,
  knownSize,
  type ReservedBy,
  reservedSpace,
  shownImages,
  startTag,
} from './page-images.ts';

/**
 * `image-dimensions` (performance): images that reserve no space before they load. A browser
 * lays the page out before the images arrive; an <img> without a width and a height (or an
 * aspect ratio with one of them) takes no room until its file is in, then pushes everything
 * below it down: a layout shift, counted in Cumulative Layout Shift (a Core Web Vital). Every
 * image a visitor sees counts, the site header's too: a logo without a size moves the whole page.
 * Images out of the flow (inline position absolute or fixed) and inline SVG data are skipped, as
 * Lighthouse's unsized-images audit does. Only inline styles are read: a width set in a
 * stylesheet is not seen, so the finding says "no width and height in the HTML". Any unsized
 * image is a warning.
 *
 * The render loads no images, so the intrinsic size of an image is known only where the page
 * states it (an inline size in pixels, a resized file name such as photo-800x533.jpg); those
 * images get their tag with width and height in the fix, the others are named.
 */

interface Unsized {
  src: string;
  /** The size the page states elsewhere (inline style in px, file name); null when unknown. */
  size: KnownSize | null;
}

/** Inline SVG (data:image/svg+xml) needs no network and, as Lighthouse found, shifts nothing. */
function isInlineSvg(el: Element): boolean {
  return /^\s*data:image\/svg\+xml/i.test(el.attribs.src ?? '');
}

export const imageDimensions: Check = {
  meta: {
    id: 'image-dimensions',
    title: 'Image dimensions',
    why: 'An image without width and height takes no room until its file arrives, then pushes the text below it down while the visitor reads: a layout shift, which Google measures as Cumulative Layout Shift, one of its Core Web Vitals. Width and height attributes let the browser reserve the space at once.',
    howToFix:
      'Add width and height attributes with the intrinsic size of each image in pixels (keep responsive images fluid with img { max-width: 100%; height: auto; } in CSS).',
    fixSnippet:
      'the <img> tags of the unsized images whose size the page states elsewhere (an inline size in pixels, or a resized file name such as photo-800x533.jpg), rewritten with width and height attributes; the images of unknown size are named in howToFix.',
    rule: 'Every <img> a visitor sees (not hidden, not in <noscript> or <template>) needs a width and a height, each from its attribute or its inline style, or an inline aspect-ratio with one of them; an image of inline SVG data or out of the flow (inline position absolute or fixed) is exempt. One unsized image or more is a warning; a page without images is not applicable.',
    sources: [
      {
        title: 'web.dev: Optimize Cumulative Layout Shift',
        url: 'https://web.dev/articles/optimize-cls',
      },
      {
        title: 'Lighthouse: Image elements do not have explicit width and height',
        url: 'https://developer.chrome.com/docs/lighthouse/performance/unsized-images',
      },
      {
        title: 'HTML Standard: mapping width and height to aspect-ratio',
        url: 'https://html.spec.whatwg.org/multipage/rendering.html#attributes-for-embedded-content-and-images',
      },
    ],
  },
  run(page): CheckOutcome {
    const images = shownImages(page.document).filter((el) => !isInlineSvg(el));
    const reserved: Record<ReservedBy, number> = {
      attributes: 0,
      'aspect-ratio': 0,
      style: 0,
      'out of flow': 0,
    };
    const unsized: Element[] = [];
    for (const el of images) {
      const by = reservedSpace(el);
      if (by === null) unsized.push(el);
      else reserved[by]++;
    }
    const listed: Unsized[] = unsized
      .slice(0, MAX_LISTED)
      .map((el) => ({ src: imageSource(el, page.url), size: knownSize(el) }));
    const details = {
      total: images.length,
      unsizedCount: unsized.length,
      unsized: listed,
      reserved,
    };

    if (images.length === 0) {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: 'No images on the page',
        details,
      };
    }
    if (unsized.length === 0) {
      return {
        severity: 'success',
        message:
          images.length === 1
            ? 'The image has its size set'
            : `All ${images.length} images have their size set`,
        details,
      };
    }
    return withFix(
      {
        severity: 'warning',
        message: `${unsized.length} of ${plural(images.length, 'image')} ${unsized.length === 1 ? 'has' : 'have'} no width and height in the HTML`,
        why: `${unsized.length === 1 ? 'This image takes' : 'These images take'} no room until ${unsized.length === 1 ? 'its file arrives' : 'their files arrive'}, then ${unsized.length === 1 ? 'pushes' : 'push'} the content below down while the page is read (Cumulative Layout Shift, a Core Web Vital). Width and height attributes let the browser reserve the space before the image loads.`,
        details,
      },
      () => dimensionsFix(unsized, listed),
    );
  },
};

/** Unknown sizes named in the fix at most. */
const MAX_NAMED = 5;

function dimensionsFix(unsized: Element[], listed: Unsized[]): Fix {
  const tags: string[] = [];
  const unknown: string[] = [];
  unsized.slice(0, MAX_LISTED).forEach((el, index) => {
    const size = listed[index]!.size;
    const tag =
      size === null
        ? null
        : startTag(el, { set: { width: String(size.width), height: String(size.height) } });
    if (tag === null) unknown.push(listed[index]!.src);
    else tags.push(tag);
  });
  const more = unsized.length - tags.length - unknown.length;
  const named = unknown.slice(0, MAX_NAMED);
  const rest = unknown.length - named.length + more;
  const unknownNote =
    named.length === 0
      ? ''
      : ` Add width and height with the intrinsic size in pixels of ${named.join(', ')}${rest > 0 ? ` and ${plural(rest, 'other image')}` : ''}.`;
  const fluid = ' Keep responsive images fluid with img { max-width: 100%; height: auto; } in CSS.';
  if (tags.length === 0) {
    return { howToFix: `${unknownNote.trim()}${fluid}` };
  }
  const fixSnippet = tags.join('\n');
  return {
    howToFix: `Give these images their size (read from the page's inline styles and file names; check it):\n${fixSnippet}${unknownNote}${fluid}`,
    fixSnippet,
  };
}
