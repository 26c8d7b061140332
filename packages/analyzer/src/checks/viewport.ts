import { elementsByTag } from '../page/dom.ts';
import type { Check, CheckOutcome } from './check.ts';
import { withFix } from './fix-snippets.ts';

/**
 * `viewport` (metadata): `<meta name="viewport">` with `width=device-width`.
 * CHECKS.md gives no severities; chosen here: missing is critical, because Google indexes the
 * mobile rendering first and a page without a viewport renders as a zoomed-out desktop page on
 * phones; present without width=device-width is a warning (the page is at least mobile-aware).
 * `details.present` feeds `meta_json.technical.viewport`.
 */

/** Parses "width=device-width, initial-scale=1" (commas or semicolons) into lower-cased keys. */
function parseViewport(content: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const part of content.split(/[,;]/)) {
    const [key, ...rest] = part.split('=');
    const name = (key ?? '').trim().toLowerCase();
    if (name) result[name] = rest.join('=').trim().toLowerCase();
  }
  return result;
}

const VIEWPORT_TAG = '<meta name="viewport" content="width=device-width, initial-scale=1">';

export const viewport: Check = {
  meta: {
    id: 'viewport',
    title: 'Mobile viewport',
    why: 'Google ranks the mobile version of a page. <meta name="viewport" content="width=device-width, initial-scale=1"> makes phones lay the page out at their own width instead of a zoomed-out desktop width.',
    howToFix: 'Add <meta name="viewport" content="width=device-width, initial-scale=1"> to <head>.',
    fixSnippet: `the viewport tag to paste: ${VIEWPORT_TAG}.`,
  },
  run(page): CheckOutcome {
    const tags = elementsByTag(page.document, 'meta').filter(
      (el) => (el.attribs.name ?? '').trim().toLowerCase() === 'viewport',
    );
    if (tags.length === 0) {
      return withFix(
        {
          severity: 'critical',
          message: 'No mobile viewport tag',
          why: 'Without <meta name="viewport"> phones render the page at desktop width, zoomed out and hard to use, which hurts mobile-first indexing. Add <meta name="viewport" content="width=device-width, initial-scale=1"> to <head>.',
          details: { present: false, content: null, deviceWidth: false, count: 0 },
        },
        { howToFix: `Add ${VIEWPORT_TAG} to <head>.`, fixSnippet: VIEWPORT_TAG },
      );
    }
    // Browsers apply the last viewport tag.
    const content = (tags[tags.length - 1]!.attribs.content ?? '').trim();
    const deviceWidth = parseViewport(content).width === 'device-width';
    const details = { present: true, content, deviceWidth, count: tags.length };
    if (!deviceWidth) {
      return withFix(
        {
          severity: 'warning',
          message: 'Viewport does not use width=device-width',
          why: 'The viewport tag is there but does not set width=device-width, so phones may lay the page out at a fixed width. Use content="width=device-width, initial-scale=1".',
          details,
        },
        {
          howToFix: `Replace ${tags.length === 1 ? 'the viewport tag' : `the ${tags.length} viewport tags`} (content="${content}") with ${VIEWPORT_TAG}.`,
          fixSnippet: VIEWPORT_TAG,
        },
      );
    }
    return { severity: 'success', message: 'Mobile viewport is set', details };
  },
};
