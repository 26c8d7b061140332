import { esc } from '../corpus/text.ts';
import type { Block, ListedLink, PlannedLink, PlannedPage, SitePlan } from './plan.ts';

/**
 * A planned page as HTML. Chrome that a main-content reader skips is marked the way such
 * readers look for it (`<header>`, `<nav>`, `<aside>`, `<footer>`), and the main text sits in
 * `<main>`: the near-duplicate plants rely on the main text being only what `<main>` holds
 * outside its `<nav>`. Links are root-relative; canonical and hreflang addresses are absolute,
 * as search engines ask.
 */

/** A 1×1 GIF inline, so an image link costs no extra request. */
const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:0 1rem}' +
  'header,footer{display:flex;flex-wrap:wrap;gap:1rem;padding:1rem 0}nav ul,nav ol{display:flex;' +
  'flex-wrap:wrap;gap:.75rem;list-style:none;padding:0}.cards li{margin:.5rem 0}' +
  'aside{border-top:1px solid #ccc;margin-top:2rem}';

export function anchorHtml(link: PlannedLink): string {
  const rel = link.nofollow ? ` rel="${link.relExtra ? `${link.relExtra} ` : ''}nofollow"` : '';
  const lang = link.hreflang ? ` hreflang="${link.hreflang}"` : '';
  const content = link.image
    ? `<img src="${PIXEL}" alt="${esc(link.anchor)}" width="120" height="80">`
    : esc(link.anchor);
  return `<a href="${esc(link.target)}"${rel}${lang}>${content}</a>`;
}

const item = (link: ListedLink) =>
  `<li>${anchorHtml(link)}${link.teaser ? `<p>${esc(link.teaser)}</p>` : ''}</li>`;

function blockHtml(block: Block): string {
  switch (block.type) {
    case 'heading':
      return `<h2>${esc(block.text)}</h2>`;
    case 'byline':
      return `<p class="byline">${esc(block.text)}</p>`;
    case 'paragraph':
      return `<p>${esc(block.text)}</p>`;
    case 'linked-paragraph':
      return `<p>${esc(block.before)} ${anchorHtml(block.link)}${block.after ? ` ${esc(block.after)}` : ''}</p>`;
    case 'link-list':
      return `<ul class="cards">${block.links.map(item).join('')}</ul>`;
    case 'pagination':
      return `<nav aria-label="Pagination"><ul>${block.links.map(item).join('')}</ul></nav>`;
    case 'facts':
      return `<table class="facts"><tbody>${block.rows
        .map(([name, value]) => `<tr><th>${esc(name)}</th><td>${esc(value)}</td></tr>`)
        .join('')}</tbody></table>`;
  }
}

/** The header and footer, the same on every page that has them: built once per site. */
export function chromeHtml(site: SitePlan): { header: string; footer: string } {
  const [brand, ...nav] = site.header;
  return {
    header: `<header class="site-header">${anchorHtml(brand!)}<nav aria-label="Main"><ul>${nav
      .map((link) => `<li>${anchorHtml(link)}</li>`)
      .join('')}</ul></nav></header>`,
    footer: `<footer><nav aria-label="Site"><ul>${site.footer
      .map((link) => `<li>${anchorHtml(link)}</li>`)
      .join('')}</ul></nav><p>© 2026 ${esc(site.siteName)}</p></footer>`,
  };
}

function headHtml(page: PlannedPage, origin: string): string {
  const parts = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(page.title)}</title>`,
  ];
  if (page.description) parts.push(`<meta name="description" content="${esc(page.description)}">`);
  if (page.robots) parts.push(`<meta name="robots" content="${page.robots}">`);
  if (page.canonical) parts.push(`<link rel="canonical" href="${origin}${page.canonical}">`);
  for (const alternate of page.hreflang ?? []) {
    parts.push(
      `<link rel="alternate" hreflang="${alternate.lang}" href="${origin}${alternate.path}">`,
    );
  }
  parts.push(`<style>${STYLE}</style>`);
  return parts.join('\n');
}

export function renderPage(
  page: PlannedPage,
  site: SitePlan,
  chrome: { header: string; footer: string },
): string {
  const crumbs =
    page.breadcrumbs.length === 0
      ? ''
      : `<nav aria-label="Breadcrumb"><ol>${page.breadcrumbs
          .map((link) => `<li>${anchorHtml(link)}</li>`)
          .join('')}<li aria-current="page">${esc(page.heading)}</li></ol></nav>`;
  const languages =
    page.languages.length === 0
      ? ''
      : `<nav aria-label="Languages"><ul>${page.languages
          .map((link) => `<li>${anchorHtml(link)}</li>`)
          .join('')}</ul></nav>`;
  const related =
    page.related.length === 0
      ? ''
      : `<aside class="related"><h2>Related</h2><ul>${page.related
          .map((link) => `<li>${anchorHtml(link)}</li>`)
          .join('')}</ul></aside>`;
  return [
    '<!DOCTYPE html>',
    `<html lang="${page.lang}">`,
    `<head>\n${headHtml(page, site.origin)}\n</head>`,
    '<body>',
    page.chrome ? chrome.header : '',
    crumbs,
    languages,
    `<main><article><h1>${esc(page.heading)}</h1>${page.main.map(blockHtml).join('\n')}</article></main>`,
    related,
    page.chrome ? chrome.footer : '',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
