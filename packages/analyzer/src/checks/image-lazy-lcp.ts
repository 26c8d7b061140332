import { type Document, type Element, elementsByTag } from '../page/dom.ts';
import { isInChrome } from '../page/element-flags.ts';
import { wordsBefore } from '../page/words-before.ts';
import type { Check, CheckOutcome } from './check.ts';
import { withFix } from './fix-snippets.ts';
import {
  imageSource,
  isLarge,
  isShownImage,
  type KnownSize,
  knownSize,
  looksLikeIcon,
  startTag,
} from './page-images.ts';

/**
 * `image-lazy-lcp` (performance): the image most likely to be the page's Largest Contentful
 * Paint must not be lazy-loaded. `loading="lazy"` makes the browser wait for layout before it
 * even asks for the file, which delays the largest paint (a Core Web Vital) on the image that
 * matters most. Without a layout to measure, the likely largest paint is the first image near
 * the top (fewer than 150 words of content before it) that is large by its stated size (at least
 * 150 px on its short side and 300 × 200 in area), or, when no size is stated, the first such
 * image outside the page chrome that does not look like a logo or an icon. An image with a small
 * stated size is passed over. `fetchpriority="high"` on that image is praised in the details.
 */

/** Content words that roughly fill a phone's first screen: an image after them is below it. */
export const FIRST_SCREEN_WORDS = 150;

interface Candidate {
  el: Element;
  size: KnownSize | null;
  wordsBefore: number;
}

/** The likely largest-paint image, or null when no image qualifies near the top of the page. */
export function likelyLcpImage(doc: Document): Candidate | null {
  const words = wordsBefore(doc, FIRST_SCREEN_WORDS);
  for (const el of elementsByTag(doc, 'img')) {
    if (!isShownImage(doc, el)) continue;
    const before = words.at(el);
    if (before >= FIRST_SCREEN_WORDS) return null;
    const size = knownSize(el);
    if (size !== null) {
      if (isLarge(size)) return { el, size, wordsBefore: before };
      continue;
    }
    if (!isInChrome(doc, el) && !looksLikeIcon(el)) return { el, size: null, wordsBefore: before };
  }
  return null;
}

const attribute = (el: Element, name: string) => (el.attribs[name] ?? '').trim().toLowerCase();

export const imageLazyLcp: Check = {
  meta: {
    id: 'image-lazy-lcp',
    title: 'Main image loading',
    why: 'The largest image at the top of a page is usually its Largest Contentful Paint, which Google measures as a Core Web Vital. loading="lazy" makes the browser wait for the layout before it asks for the file, so that paint comes late; the main image should load at once, ideally with fetchpriority="high".',
    howToFix:
      'Remove loading="lazy" from the main image at the top of the page and add fetchpriority="high"; keep lazy loading for the images further down.',
    fixSnippet: 'the main image\'s <img> tag without loading="lazy" and with fetchpriority="high".',
    rule: `The likely largest paint is the first image a visitor sees with fewer than ${FIRST_SCREEN_WORDS} words of content before it that is large by its stated size (at least 150 px on its short side and 300 × 200 in all, from its width and height attributes, inline size or a resized file name), or, with no size stated, the first such image outside navigation, sidebars and the site header and footer that is not named like a logo or icon. loading="lazy" on it is a warning; without such an image the check does not apply.`,
    sources: [
      {
        title: 'web.dev: The performance effects of too much lazy loading',
        url: 'https://web.dev/articles/lcp-lazy-loading',
      },
      {
        title: 'Chrome DevTools: LCP request discovery',
        url: 'https://developer.chrome.com/docs/performance/insights/lcp-discovery',
      },
      {
        title: 'web.dev: Optimize Largest Contentful Paint',
        url: 'https://web.dev/articles/optimize-lcp',
      },
    ],
  },
  run(page): CheckOutcome {
    const candidate = likelyLcpImage(page.document);
    if (candidate === null) {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: 'No large image at the top of the page',
        details: {
          image: null,
          size: null,
          wordsBefore: null,
          loading: null,
          fetchPriority: null,
          prioritised: false,
        },
      };
    }
    const { el, size } = candidate;
    const loading = attribute(el, 'loading') || null;
    const fetchPriority = attribute(el, 'fetchpriority') || null;
    const src = imageSource(el, page.url);
    const details = {
      image: src,
      size,
      wordsBefore: candidate.wordsBefore,
      loading,
      fetchPriority,
      prioritised: fetchPriority === 'high',
    };
    const which =
      size === null ? 'The likely main image' : `The main image (${size.width} × ${size.height})`;

    if (loading === 'lazy') {
      const tag = startTag(el, { remove: ['loading'], set: { fetchpriority: 'high' } });
      return withFix(
        {
          severity: 'warning',
          message: `${which} is lazy-loaded`,
          why: `${src} is the image a visitor most likely sees first and largest, and loading="lazy" makes the browser wait for the layout before fetching it, so the Largest Contentful Paint (a Core Web Vital) comes late. Load it at once, with fetchpriority="high".`,
          details,
        },
        tag === null
          ? null
          : {
              howToFix: `Load the main image at once, with a high fetch priority:\n${tag}`,
              fixSnippet: tag,
            },
      );
    }
    return {
      severity: 'success',
      message:
        fetchPriority === 'high'
          ? `${which} loads at once, with fetchpriority="high"`
          : `${which} loads at once`,
      why:
        fetchPriority === 'high'
          ? 'The image most likely to be the Largest Contentful Paint is fetched at once and ahead of other images (fetchpriority="high"): the best a page can do for that paint.'
          : 'The image most likely to be the Largest Contentful Paint is not lazy-loaded. fetchpriority="high" on it would also fetch it ahead of the other images.',
      details,
    };
  },
};
