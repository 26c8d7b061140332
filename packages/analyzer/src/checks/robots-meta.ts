import { type Document, elementsByTag } from '../page/dom.ts';
import type { Check, CheckOutcome } from './check.ts';

/**
 * `robots-meta` (crawlability): indexing directives aimed at Google, from `<meta name="robots">`,
 * `<meta name="googlebot">` (anywhere in the document) and the `X-Robots-Tag` header.
 * `noindex` or `none` is critical, `nofollow` a warning. A `noindex` that only script adds is
 * reported too: Google renders pages and honours a robots meta tag inserted by JavaScript.
 */

export interface RobotsDirectiveSource {
  source: string;
  value: string;
  directives: string[];
}

const META_NAMES = ['robots', 'googlebot'];
/** X-Robots-Tag directives that carry a value after a colon, so the colon is not a user agent. */
const VALUED_DIRECTIVES = new Set([
  'unavailable_after',
  'max-snippet',
  'max-image-preview',
  'max-video-preview',
]);

/**
 * Directives are comma-separated; one that carries a value ("max-snippet:-1",
 * "unavailable_after: 25 Jun 2030") stays whole, the others may also be space-separated
 * ("noindex nofollow"), a common mistake search engines tolerate.
 */
function splitDirectives(value: string): string[] {
  return value
    .toLowerCase()
    .split(',')
    .flatMap((part) => (part.includes(':') ? [part.trim()] : part.trim().split(/\s+/)))
    .filter((token) => token !== '');
}

function metaSources(doc: Document, suffix: string): RobotsDirectiveSource[] {
  return elementsByTag(doc, 'meta').flatMap((el) => {
    const name = (el.attribs.name ?? '').trim().toLowerCase();
    if (!META_NAMES.includes(name)) return [];
    const value = el.attribs.content ?? '';
    return [
      { source: `<meta name="${name}">${suffix}`, value, directives: splitDirectives(value) },
    ];
  });
}

/**
 * Directives of an X-Robots-Tag value that apply to Googlebot. A `user-agent:` prefix scopes the
 * directives after it to that crawler; several headers arrive joined with ", ", so a prefix
 * stays in force until the next one (the common `googlebot: noindex, otherbot: nofollow` form).
 */
export function googlebotHeaderDirectives(value: string): string[] {
  const applying: string[] = [];
  let agent: string | null = null;
  for (const part of value.split(',')) {
    let rest = part.trim();
    const scoped = /^([a-z0-9_-]+)\s*:\s*(.*)$/i.exec(rest);
    if (scoped && !VALUED_DIRECTIVES.has(scoped[1]!.toLowerCase())) {
      agent = scoped[1]!.toLowerCase();
      rest = scoped[2]!;
    }
    if (agent === null || agent === 'googlebot') applying.push(...splitDirectives(rest));
  }
  return applying;
}

export function robotsDirectiveSources(
  serverDoc: Document,
  headers: Record<string, string>,
  renderedDoc: Document | null,
): RobotsDirectiveSource[] {
  const sources = metaSources(serverDoc, '');
  const header = headers['x-robots-tag'];
  if (header !== undefined) {
    sources.push({
      source: 'X-Robots-Tag header',
      value: header,
      directives: googlebotHeaderDirectives(header),
    });
  }
  if (renderedDoc) {
    // Only what script added matters here; the server copies are already listed.
    const known = new Set(sources.map((s) => `${s.source}|${s.value}`));
    for (const rendered of metaSources(renderedDoc, '')) {
      if (known.has(`${rendered.source}|${rendered.value}`)) continue;
      sources.push({ ...rendered, source: `${rendered.source} added by JavaScript` });
    }
  }
  return sources;
}

export const robotsMeta: Check = {
  meta: {
    id: 'robots-meta',
    category: 'crawlability',
    title: 'Robots directives',
    why: 'A noindex directive in a robots meta tag or the X-Robots-Tag header keeps the page out of search results; nofollow stops crawlers from following its links. Use them only on pages you mean to hide.',
  },
  run(page): CheckOutcome {
    const sources = robotsDirectiveSources(
      page.document,
      page.artifacts.fetch.headers,
      page.renderedDocument,
    );
    const has = (...wanted: string[]) =>
      sources.filter((s) => s.directives.some((d) => wanted.includes(d)));
    const noindex = has('noindex', 'none');
    const nofollow = has('nofollow', 'none');
    const details = {
      directives: sources,
      noindex: noindex.length > 0,
      nofollow: nofollow.length > 0,
    };
    const where = (list: RobotsDirectiveSource[]) => list.map((s) => s.source).join(' and ');

    if (noindex.length > 0) {
      return {
        severity: 'critical',
        message: 'The page tells search engines not to index it',
        why: `${where(noindex)} says noindex, so the page will not appear in search results. Remove the directive unless hiding this page is intended.`,
        details,
      };
    }
    if (nofollow.length > 0) {
      return {
        severity: 'warning',
        message: 'The page tells search engines not to follow its links',
        why: `${where(nofollow)} says nofollow, so crawlers will not discover pages through this page's links or pass them any credit. Remove it unless that is intended; to skip single links, put rel="nofollow" on those links instead.`,
        details,
      };
    }
    return {
      severity: 'success',
      message:
        sources.length === 0
          ? 'Indexing is allowed (no robots directives)'
          : 'Robots directives allow indexing',
      details,
    };
  },
};
