import fs from 'node:fs';
import path from 'node:path';
import {
  NOT_FOUND_PRERENDER_PATH,
  PRERENDERED_ROUTES,
  prerenderedHtmlPath,
} from '@crawlwise/shared/routes';

/**
 * A prerendered page is complete HTML: its scripts only hydrate it, so they must not compete with
 * the stylesheet and the font for a phone's bandwidth and connections before the first paint.
 * React Router writes its module preloads at the default (high) priority, ahead of the font; this
 * marks them `fetchpriority="low"`, so the browser fetches what paints first, then the scripts.
 * The SPA fallback (report, auth, profile) is left alone: there the scripts draw the page.
 */
const MODULE_PRELOAD = /<link rel="modulepreload" (?!fetchpriority)/g;

export function lowerScriptPriority(root: string): number {
  let pages = 0;
  for (const route of [...PRERENDERED_ROUTES, NOT_FOUND_PRERENDER_PATH]) {
    const file = path.join(root, prerenderedHtmlPath(route));
    const html = fs.readFileSync(file, 'utf8');
    const lowered = html.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low" ');
    if (lowered !== html) {
      fs.writeFileSync(file, lowered);
      pages += 1;
    }
  }
  return pages;
}
