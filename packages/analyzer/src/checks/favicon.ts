import { linkLookup } from '../page/metadata.ts';
import type { Check, CheckOutcome } from './check.ts';
import { withFix } from './fix-snippets.ts';
import { MAX_LISTED, resolveUrl } from './markup-helpers.ts';

/**
 * `favicon` (metadata): search results and browser tabs show a site's icon. A page passes when
 * its head declares one (`<link rel="icon">`, `rel="shortcut icon"`, `rel="apple-touch-icon"`
 * or its `-precomposed` variant, with an href), or when the origin's `/favicon.ico` (gathered
 * once per origin, gather/favicon.ts) answers an image, the address browsers and Google fall back
 * to. Neither warns. An icon link outside the real head is ignored, as browsers and Google ignore
 * it, and reported. When /favicon.ico could not be fetched and the page declares nothing, the
 * check says so and costs nothing.
 */

/** The rel tokens that declare a page icon (`shortcut icon` carries `icon`). */
const ICON_RELS = ['icon', 'apple-touch-icon', 'apple-touch-icon-precomposed'] as const;

const FIX_SNIPPET = '<link rel="icon" href="/favicon.ico" sizes="48x48">';

export const favicon: Check = {
  meta: {
    id: 'favicon',
    title: 'Favicon',
    why: "Google shows a site's icon next to its results, and browsers show it in tabs and bookmarks. A site without one gets a generic globe, which looks unfinished and is easier to scroll past.",
    howToFix:
      'Put a square icon (48×48 pixels or a multiple, or an SVG) at /favicon.ico or another address, and declare it in <head> with <link rel="icon">.',
    fixSnippet:
      'the <link rel="icon"> tag for /favicon.ico, to paste into <head> once the file is there.',
    rule: 'Passes when the head declares an icon (<link> with rel "icon", "shortcut icon", "apple-touch-icon" or "apple-touch-icon-precomposed" and an href) or when /favicon.ico of the origin answers 2xx with an image (by its Content-Type or its first bytes: ICO, PNG, GIF, JPEG, WebP, BMP, AVIF, SVG); otherwise a warning. /favicon.ico is requested once per origin; when it cannot be fetched (network error, 429, 5xx) and the page declares no icon, the check is skipped.',
    sources: [
      {
        title: 'Google Search Central: Define a favicon to show in search results',
        url: 'https://developers.google.com/search/docs/appearance/favicon-in-search',
      },
      {
        title: 'HTML Standard: link type "icon"',
        url: 'https://html.spec.whatwg.org/multipage/links.html#rel-icon',
      },
    ],
  },
  run(page): CheckOutcome {
    const declared: string[] = [];
    const ignored: Array<{ element: string; line: number; reason: string }> = [];
    for (const rel of ICON_RELS) {
      const lookup = linkLookup(page.document, rel, 'href');
      for (const el of lookup.head) {
        const href = (el.attribs.href ?? '').trim();
        if (href !== '') declared.push(resolveUrl(href, page.url));
      }
      ignored.push(...lookup.ignored);
    }
    const file = page.artifacts.favicon;
    const details = {
      declared: [...new Set(declared)].slice(0, MAX_LISTED),
      ignored: ignored.slice(0, MAX_LISTED),
      faviconIco: file
        ? {
            url: file.url,
            status: file.status,
            httpStatus: file.httpStatus ?? null,
            contentType: file.contentType ?? null,
            format: file.format ?? null,
          }
        : null,
    };

    if (details.declared.length > 0) {
      return {
        severity: 'success',
        message:
          details.declared.length === 1
            ? 'The page declares an icon'
            : `The page declares ${details.declared.length} icons`,
        details,
      };
    }
    if (file?.status === 'image') {
      return {
        severity: 'success',
        message: `/favicon.ico answers an image${file.format ? ` (${file.format.toUpperCase()})` : ''}`,
        why: 'The page declares no icon, so browsers and Google use /favicon.ico, which is there. Declaring it with <link rel="icon"> makes the choice explicit and lets you offer a sharper PNG or SVG.',
        details,
      };
    }
    if (file === undefined || file.status === 'unreachable') {
      const reason = file?.detail
        ? `/favicon.ico could not be fetched (${file.detail})`
        : '/favicon.ico was not fetched';
      return {
        severity: 'success',
        outcome: 'skipped',
        message: 'Favicon not checked',
        why: `The page declares no icon and ${reason}, so whether the site has one is unknown.`,
        details,
      };
    }
    const answer =
      file.status === 'not-image'
        ? `${file.url} answers ${file.contentType ? `a ${file.contentType} document` : 'something'}, not an image`
        : `${file.url} answers HTTP ${file.httpStatus ?? 'an error'}`;
    const stray =
      ignored.length > 0
        ? ` The icon link on line ${ignored[0]!.line} does not count: ${ignored[0]!.reason}.`
        : '';
    return withFix(
      {
        severity: 'warning',
        message: 'No favicon',
        why: `The page declares no icon in <head> and ${answer}, so search results and browser tabs show a generic icon for the site.${stray}`,
        details,
      },
      {
        howToFix: `Save a square icon of at least 48×48 pixels as /favicon.ico (or a PNG or SVG at any address) and declare it in <head>:\n${FIX_SNIPPET}`,
        fixSnippet: FIX_SNIPPET,
      },
    );
  },
};
