import { type Document, type Element, elementsByTag, isInside } from '../page/dom.ts';
import { isHiddenInPage, isInChrome } from '../page/element-flags.ts';
import type { Check, CheckOutcome } from './check.ts';
import { MAX_LISTED, plural, resolveUrl, truncate } from './markup-helpers.ts';
import { imageSource, isLarge, knownSize } from './page-images.ts';

/**
 * `image-alt` (content): the share of `<img>` elements with an `alt` attribute. An empty alt
 * counts as present (it marks a decorative image). 100% (or no images) is success, at least 80%
 * a warning, below that critical. The offending sources are listed, resolved against the page
 * URL (at most 20, unique). Images inside `<noscript>` (lazy-loading fallbacks that duplicate a
 * real image) and `<template>` are not counted.
 *
 * Issue 26: an empty alt is present but says "decorative", so the details count those
 * (`decorative`) and a success says how many there are rather than that all images have alt
 * text. An empty alt on a large image of the content (by its stated size, as page-images.ts
 * reads it; not hidden, not in the page chrome, not marked role="presentation") is probably a
 * meaningful image left unnamed: a warning, with the images listed in `largeDecorative`.
 */

const ALT_WARNING_SHARE = 0.8;

const isEmptyAlt = (el: Element) => el.attribs.alt !== undefined && el.attribs.alt.trim() === '';

/** A large image in the content that the page explicitly marks as decorative. */
function isLargeContentImage(doc: Document, el: Element): boolean {
  const role = (el.attribs.role ?? '').trim().toLowerCase();
  if (role === 'presentation' || role === 'none') return false;
  const size = knownSize(el);
  return size !== null && isLarge(size) && !isHiddenInPage(doc, el) && !isInChrome(doc, el);
}

export const imageAlt: Check = {
  meta: {
    id: 'image-alt',
    title: 'Image alt text',
    why: 'Alt text tells search engines and screen-reader users what an image shows; image search depends on it. Give every meaningful image a short alt describing it, and decorative images an empty alt="".',
    howToFix:
      'Give every meaningful image a short alt text describing it, and decorative images an empty alt="".',
  },
  run(page): CheckOutcome {
    const doc = page.document;
    const images = elementsByTag(doc, 'img').filter(
      (el) => !isInside(doc, el, 'noscript') && !isInside(doc, el, 'template'),
    );
    const total = images.length;
    const without = images.filter((el) => el.attribs.alt === undefined);
    const withAlt = total - without.length;
    const sources = without.map((el) => {
      const src = (el.attribs.src ?? el.attribs['data-src'] ?? '').trim();
      return src ? truncate(resolveUrl(src, page.url)) : '(no src)';
    });
    const missing = [...new Set(sources)].slice(0, MAX_LISTED);
    const share = total === 0 ? 1 : withAlt / total;
    const percent = Math.floor(share * 100);
    const empty = images.filter(isEmptyAlt);
    const large = empty.filter((el) => isLargeContentImage(doc, el));
    const details = {
      total,
      withAlt,
      missingCount: without.length,
      percent,
      missing,
      decorative: empty.length,
      largeDecorativeCount: large.length,
      largeDecorative: large.slice(0, MAX_LISTED).map((el) => imageSource(el, page.url)),
    };
    const largeWhy =
      large.length === 0
        ? ''
        : ` ${large.length === 1 ? 'A large image in the content has' : `${large.length} large images in the content have`} an empty alt, which tells search engines and screen readers ${large.length === 1 ? 'it is' : 'they are'} decorative; describe ${large.length === 1 ? 'it' : 'them'} unless ${large.length === 1 ? 'it really is' : 'they really are'}.`;

    if (total === 0) {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: 'No images on the page',
        details,
      };
    }
    if (without.length === 0 && large.length > 0) {
      return {
        severity: 'warning',
        message: `${plural(large.length, 'large image')} in the content ${large.length === 1 ? 'has' : 'have'} an empty alt`,
        why: largeWhy.trim(),
        howToFix: `Describe ${large.length === 1 ? 'this image' : 'these images'} in a short alt text, or keep alt="" only if ${large.length === 1 ? 'it is' : 'they are'} purely decorative: ${large
          .slice(0, 3)
          .map((el) => imageSource(el, page.url))
          .join(', ')}${large.length > 3 ? ` and ${plural(large.length - 3, 'other')}` : ''}.`,
        details,
      };
    }
    if (without.length === 0) {
      const all = total === 1 ? 'The image has' : `All ${total} images have`;
      return {
        severity: 'success',
        message:
          empty.length === 0
            ? `${all} alt text`
            : empty.length === total
              ? `${all} an empty alt (marked decorative)`
              : `${all} alt attributes (${empty.length} empty, marked decorative)`,
        details,
      };
    }
    const message = `${without.length} of ${total} images lack alt text (${percent}% covered)`;
    if (share >= ALT_WARNING_SHARE) {
      return {
        severity: 'warning',
        message,
        why: `A few images have no alt attribute, so search engines and screen readers cannot tell what they show. Add a short description to each listed image, or alt="" if it is decorative.${largeWhy}`,
        details,
      };
    }
    return {
      severity: 'critical',
      message,
      why: `Most images have no alt attribute, so image search and screen readers get nothing from them. Add a short description to each listed image, or alt="" if it is purely decorative.${largeWhy}`,
      details,
    };
  },
};
