import { type Document, type Element, elementsByTag, isInside } from '../page/dom.ts';
import { inHead } from '../page/head.ts';
import type { PageContext } from '../page/page-context.ts';
import type { Check, CheckOutcome } from './check.ts';
import { withFix } from './fix-snippets.ts';
import { MAX_LISTED, plural, truncate } from './markup-helpers.ts';
import { baseOf } from './render-diff.ts';

/**
 * `mixed-content` (crawlability): an HTTPS page that loads subresources over plain HTTP. Browsers
 * block active mixed content (scripts, stylesheets, frames, plugins), so the page breaks for
 * every visitor: critical. Passive content (images, audio, video) is upgraded to HTTPS or
 * blocked by current browsers and marks the page "not fully secure": a warning. Read from the
 * served HTML and, when the browser rendered the page, from the DOM after script (what script
 * adds is marked). Addresses are resolved against `<base href>`; loopback hosts (localhost,
 * 127.0.0.0/8, [::1]) are trustworthy and not mixed. A page that sets the CSP directive
 * upgrade-insecure-requests (header or head meta) has every http:// request upgraded and passes,
 * with the addresses listed. Not applicable to a page served over plain HTTP (the https check's
 * business).
 */

type Kind = 'active' | 'passive';

/** Which attributes of which elements load a subresource, and whether it is active content. */
const LOADERS: ReadonlyArray<{ tag: string; attribute: string; kind: Kind; srcset?: boolean }> = [
  { tag: 'script', attribute: 'src', kind: 'active' },
  { tag: 'iframe', attribute: 'src', kind: 'active' },
  { tag: 'frame', attribute: 'src', kind: 'active' },
  { tag: 'object', attribute: 'data', kind: 'active' },
  { tag: 'embed', attribute: 'src', kind: 'active' },
  { tag: 'link', attribute: 'href', kind: 'active' },
  { tag: 'img', attribute: 'src', kind: 'passive' },
  { tag: 'img', attribute: 'srcset', kind: 'passive', srcset: true },
  { tag: 'source', attribute: 'src', kind: 'passive' },
  { tag: 'source', attribute: 'srcset', kind: 'passive', srcset: true },
  { tag: 'audio', attribute: 'src', kind: 'passive' },
  { tag: 'video', attribute: 'src', kind: 'passive' },
  { tag: 'video', attribute: 'poster', kind: 'passive' },
];

/** The URLs of a srcset, by HTML's parsing rules (a URL may hold commas; descriptors follow). */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  let position = 0;
  while (position < srcset.length) {
    while (position < srcset.length && /[\s,]/.test(srcset[position]!)) position++;
    const start = position;
    while (position < srcset.length && !/\s/.test(srcset[position]!)) position++;
    let url = srcset.slice(start, position);
    if (url === '') break;
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      // Skip the descriptors, up to the comma that ends the candidate (not one inside parens).
      let depth = 0;
      while (position < srcset.length) {
        const char = srcset[position]!;
        if (char === '(') depth++;
        else if (char === ')') depth = Math.max(0, depth - 1);
        else if (char === ',' && depth === 0) break;
        position++;
      }
    }
    if (url !== '') urls.push(url);
  }
  return urls;
}

function isStylesheet(el: Element): boolean {
  return (el.attribs.rel ?? '').toLowerCase().split(/\s+/).includes('stylesheet');
}

/** Loopback hosts are "potentially trustworthy": a browser does not treat them as mixed content. */
function isLoopback(url: URL): boolean {
  const host = url.hostname;
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]'
  );
}

function insecureUrl(value: string, base: URL): string | null {
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' && !isLoopback(url) ? url.href : null;
  } catch {
    return null;
  }
}

export interface InsecureLoad {
  element: string;
  url: string;
  kind: Kind;
  addedByScript: boolean;
}

/** Every http:// subresource the document loads, in LOADERS then document order. */
function insecureLoads(doc: Document, pageUrl: URL, addedByScript: boolean): InsecureLoad[] {
  const base = baseOf(doc, pageUrl);
  const found: InsecureLoad[] = [];
  for (const { tag, attribute, kind, srcset } of LOADERS) {
    for (const el of elementsByTag(doc, tag)) {
      const value = el.attribs[attribute];
      if (value === undefined || value.trim() === '') continue;
      if (tag === 'link' && !isStylesheet(el)) continue;
      if (isInside(doc, el, 'template') || isInside(doc, el, 'noscript')) continue;
      for (const candidate of srcset ? srcsetUrls(value) : [value]) {
        const url = insecureUrl(candidate, base);
        if (url !== null) {
          found.push({ element: `<${tag} ${attribute}>`, url: truncate(url), kind, addedByScript });
        }
      }
    }
  }
  return found;
}

const UPGRADE = /(?:^|;)\s*upgrade-insecure-requests\s*(?:;|$)/i;

/** The page asks browsers to upgrade every http:// request (CSP header or a meta in the head). */
function upgradesRequests(page: PageContext): boolean {
  const header = page.artifacts.fetch.headers['content-security-policy'] ?? '';
  if (header.split(',').some((policy) => UPGRADE.test(policy))) return true;
  const doc = page.document;
  return elementsByTag(doc, 'meta').some(
    (el) =>
      (el.attribs['http-equiv'] ?? '').trim().toLowerCase() === 'content-security-policy' &&
      UPGRADE.test(el.attribs.content ?? '') &&
      inHead(doc, el),
  );
}

export const UPGRADE_META =
  '<meta http-equiv="Content-Security-Policy" content="upgrade-insecure-requests">';

export const mixedContent: Check = {
  meta: {
    id: 'mixed-content',
    title: 'Mixed content',
    why: 'An HTTPS page that loads scripts, stylesheets or frames over plain HTTP is broken for every visitor: browsers block them. Images, audio and video over HTTP are upgraded or blocked and mark the page as not fully secure.',
    howToFix:
      'Load every script, stylesheet, frame, image and video over https://, or add the upgrade-insecure-requests Content Security Policy once they all answer over HTTPS.',
    fixSnippet:
      'the <meta http-equiv="Content-Security-Policy" content="upgrade-insecure-requests"> to put in <head>, which makes browsers request every http:// address of the page over HTTPS (once each one answers there).',
    rule: 'On a page served over HTTPS, a script, iframe, frame, object, embed or stylesheet link whose address resolves to http:// (active content) is critical; an img or source (src or srcset), audio or video (src or poster) over http:// (passive content) is a warning. Both the served HTML and, when the page was rendered, the DOM after script are read; loopback hosts are not mixed content, and a page with the CSP directive upgrade-insecure-requests passes. Not applicable to a page served over HTTP.',
    sources: [
      { title: 'W3C Mixed Content', url: 'https://www.w3.org/TR/mixed-content/' },
      {
        title: 'web.dev: What is mixed content?',
        url: 'https://web.dev/articles/what-is-mixed-content',
      },
      {
        title: 'MDN: upgrade-insecure-requests',
        url: 'https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Content-Security-Policy/upgrade-insecure-requests',
      },
    ],
  },
  run(page): CheckOutcome {
    if (page.url.protocol !== 'https:') {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: 'The page is not served over HTTPS',
        details: { activeCount: 0, passiveCount: 0, active: [], passive: [], upgraded: false },
      };
    }
    const server = insecureLoads(page.document, page.url, false);
    const seen = new Set(server.map((load) => `${load.element} ${load.url}`));
    const rendered = page.renderedDocument
      ? insecureLoads(page.renderedDocument, page.url, true).filter(
          (load) => !seen.has(`${load.element} ${load.url}`),
        )
      : [];
    const loads = [...server, ...rendered];
    const active = loads.filter((load) => load.kind === 'active');
    const passive = loads.filter((load) => load.kind === 'passive');
    const upgraded = upgradesRequests(page);
    const strip = ({ kind: _kind, ...load }: InsecureLoad) => load;
    const details = {
      activeCount: active.length,
      passiveCount: passive.length,
      active: active.slice(0, MAX_LISTED).map(strip),
      passive: passive.slice(0, MAX_LISTED).map(strip),
      upgraded,
    };

    if (loads.length === 0) {
      return { severity: 'success', message: 'Everything loads over HTTPS', details };
    }
    if (upgraded) {
      return {
        severity: 'success',
        message: `${plural(loads.length, 'http:// address', 'http:// addresses')} upgraded to HTTPS by the page's policy`,
        why: 'The page sets upgrade-insecure-requests, so browsers request these addresses over HTTPS; they must answer there. Writing them as https:// would make that plain.',
        details,
      };
    }
    const fix = {
      howToFix: `Change the listed addresses to https:// (each must answer over HTTPS), or, once all of them do, add to <head>:\n${UPGRADE_META}`,
      fixSnippet: UPGRADE_META,
    };
    if (active.length > 0) {
      const first = active[0]!;
      return withFix(
        {
          severity: 'critical',
          message: `${plural(active.length, 'script, stylesheet or frame', 'scripts, stylesheets or frames')} ${active.length === 1 ? 'loads' : 'load'} over plain HTTP`,
          why: `Browsers block active content loaded over HTTP on an HTTPS page, so ${first.url} (${first.element})${active.length > 1 ? ` and ${plural(active.length - 1, 'other')}` : ''} never ${active.length > 1 ? 'run' : 'runs'}: the page breaks for every visitor.${passive.length > 0 ? ` ${plural(passive.length, 'image or media file', 'images or media files')} also ${passive.length === 1 ? 'loads' : 'load'} over HTTP.` : ''}`,
          details,
        },
        fix,
      );
    }
    return withFix(
      {
        severity: 'warning',
        message: `${plural(passive.length, 'image or media file', 'images or media files')} ${passive.length === 1 ? 'loads' : 'load'} over plain HTTP`,
        why: `Browsers upgrade images and media requested over HTTP on an HTTPS page, or block them when the upgrade fails, and show the page as not fully secure. The first is ${passive[0]!.url}.`,
        details,
      },
      fix,
    );
  },
};
