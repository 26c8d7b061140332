import { elementsByTag, isInside } from '../page/dom.ts';
import type { Check, CheckOutcome } from './check.ts';
import { MAX_LISTED, resolveUrl, truncate } from './markup-helpers.ts';

/**
 * `image-alt` (content): the share of `<img>` elements with an `alt` attribute. An empty alt
 * counts as present (it marks a decorative image). 100% (or no images) is success, at least 80%
 * a warning, below that critical. The offending sources are listed, resolved against the page
 * URL (at most 20, unique). Images inside `<noscript>` (lazy-loading fallbacks that duplicate a
 * real image) and `<template>` are not counted.
 */

const ALT_WARNING_SHARE = 0.8;

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
    const details = { total, withAlt, missingCount: without.length, percent, missing };

    if (total === 0) {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: 'No images on the page',
        details,
      };
    }
    if (without.length === 0) {
      return {
        severity: 'success',
        message: `All ${total === 1 ? 'images' : `${total} images`} have alt text`,
        details,
      };
    }
    const message = `${without.length} of ${total} images lack alt text (${percent}% covered)`;
    if (share >= ALT_WARNING_SHARE) {
      return {
        severity: 'warning',
        message,
        why: 'A few images have no alt attribute, so search engines and screen readers cannot tell what they show. Add a short description to each listed image, or alt="" if it is decorative.',
        details,
      };
    }
    return {
      severity: 'critical',
      message,
      why: 'Most images have no alt attribute, so image search and screen readers get nothing from them. Add a short description to each listed image, or alt="" if it is purely decorative.',
      details,
    };
  },
};
