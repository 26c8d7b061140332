import type { ImageProbe } from '../types.ts';
import type { Check, CheckOutcome } from './check.ts';
import { probedImages } from './image-facts.ts';
import { MAX_LISTED, plural, truncate } from './markup-helpers.ts';

/**
 * `broken-images` (content): images of the page that do not load. Each <img> of the rendered DOM
 * is asked for its response head (gather/image-probe.ts, at most 24 per page); one that answers
 * 4xx or 5xx, answers an HTML page instead of an image (a catch-all route), or cannot be
 * connected to is broken, and visitors see an empty box or the alt text. A probe that timed
 * out, or that our address guard refused (a private address), says nothing about the image and
 * is only counted. Any broken image is a warning. Skipped when the page was not rendered.
 */

function problem(probe: ImageProbe): string | null {
  if (probe.outcome === 'failed') return truncate(probe.detail);
  if (probe.outcome !== 'answered') return null;
  if (probe.status >= 400) return `HTTP ${probe.status}`;
  if (probe.status < 300 && probe.contentType === 'text/html') return 'answers an HTML page';
  return null;
}

export const brokenImages: Check = {
  meta: {
    id: 'broken-images',
    title: 'Broken images',
    why: 'An image that does not load shows visitors an empty box or its alt text, and search engines cannot index it for image search.',
    howToFix:
      'Fix the address of each broken image or restore the file on the server; remove the <img> if the image is gone for good.',
    rule: 'Every <img> of the rendered page (at most 24 per page, each asked for its response head without downloading it) that answers 4xx or 5xx, answers text/html instead of an image, or cannot be connected to is broken; one broken image or more is a warning. Probes that time out (2 s) or address a private network are counted, not judged. Skipped when the page was not rendered.',
    sources: [
      {
        title: 'Google Search Central: Image SEO best practices',
        url: 'https://developers.google.com/search/docs/appearance/google-images',
      },
      {
        title: 'RFC 9110, HTTP Semantics: client error status codes',
        url: 'https://www.rfc-editor.org/rfc/rfc9110#name-client-error-4xx',
      },
    ],
  },
  run(page): CheckOutcome {
    const { images, skipped } = probedImages(page, 'Images');
    if (skipped) return skipped;
    const broken = images.probes.flatMap((probe) => {
      const why = problem(probe);
      return why === null ? [] : [{ url: truncate(probe.url), problem: why }];
    });
    const unanswered = images.probes.filter(
      (probe) => probe.outcome === 'timeout' || probe.outcome === 'refused',
    ).length;
    const details = {
      checked: images.probes.length,
      unprobed: images.unprobed,
      unanswered,
      brokenCount: broken.length,
      broken: broken.slice(0, MAX_LISTED),
    };
    if (images.found === 0) {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: 'The page shows no images',
        details,
      };
    }
    if (broken.length === 0) {
      return {
        severity: 'success',
        message: `Every image loads (${plural(images.probes.length - unanswered, 'image')} checked)`,
        details,
      };
    }
    const first = broken[0]!;
    return {
      severity: 'warning',
      message: `${plural(broken.length, 'image does', 'images do')} not load`,
      why: `Visitors see an empty box or the alt text in place of ${first.url} (${first.problem})${broken.length > 1 ? ` and ${plural(broken.length - 1, 'other image')}` : ''}, and search engines cannot index ${broken.length > 1 ? 'them' : 'it'} for image search.`,
      details,
    };
  },
};
