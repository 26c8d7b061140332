import type { Document, Element } from '../page/dom.ts';
import type { IgnoredElement } from '../page/head.ts';
import { metaLookup } from '../page/metadata.ts';
import type { Check, CheckOutcome } from './check.ts';
import { attributeText, type Fix, withFix } from './fix-snippets.ts';
import { ignoredDetails, ignoredExplanation, ignoredStatus } from './ignored-metadata.ts';

/**
 * `robots-meta` (crawlability): indexing directives aimed at Google, from `<meta name="robots">`,
 * `<meta name="googlebot">` (in the real head, where Google reads them) and the `X-Robots-Tag`
 * header. `noindex` or `none` is critical, `nofollow` a warning. A `noindex` that only script
 * adds is reported too: Google renders pages and honours a robots meta tag inserted by
 * JavaScript. A robots tag outside the head has no effect: when it says noindex or nofollow
 * and nothing effective does, that is a warning naming why it is ignored (the owner meant it).
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

function byPosition(a: Element, b: Element): number {
  return (a.startIndex ?? 0) - (b.startIndex ?? 0);
}

function metaSources(doc: Document): RobotsDirectiveSource[] {
  return META_NAMES.flatMap((name) => metaLookup(doc, name).head)
    .sort(byPosition)
    .map((el) => {
      const value = el.attribs.content ?? '';
      const name = el.attribs.name!.trim().toLowerCase();
      return { source: `<meta name="${name}">`, value, directives: splitDirectives(value) };
    });
}

/** Robots tags Google does not read, with the directives they would have given. */
function ignoredSources(doc: Document): Array<{ ignored: IgnoredElement; directives: string[] }> {
  return META_NAMES.flatMap((name) => {
    const lookup = metaLookup(doc, name);
    return lookup.ignored.map((ignored, i) => ({
      ignored,
      directives: splitDirectives(lookup.ignoredElements[i]!.attribs.content ?? ''),
    }));
  }).sort((a, b) => a.ignored.line - b.ignored.line);
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
  const sources = metaSources(serverDoc);
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
    for (const rendered of metaSources(renderedDoc)) {
      if (known.has(`${rendered.source}|${rendered.value}`)) continue;
      sources.push({ ...rendered, source: `${rendered.source} added by JavaScript` });
    }
  }
  return sources;
}

/**
 * What to change in each source that says a directive: the robots tag or X-Robots-Tag header
 * rewritten without it (its other directives kept), or removed when nothing else is left; a tag
 * that script adds is the script's to drop. A header with per-crawler sections is named only:
 * rewriting it would lose the other crawlers' directives.
 */
export function directivesFix(
  sources: readonly RobotsDirectiveSource[],
  unwanted: readonly string[],
): Fix | null {
  const steps: string[] = [];
  const lines: string[] = [];
  for (const source of sources) {
    const kept = splitDirectives(source.value).filter((d) => !unwanted.includes(d));
    const drop = unwanted.filter((d) => source.directives.includes(d)).join(' and ');
    if (source.source.endsWith('added by JavaScript')) {
      steps.push(
        `stop the script that adds ${source.source.replace(' added by JavaScript', '')} with ${drop}`,
      );
    } else if (source.source === 'X-Robots-Tag header') {
      if (
        /(^|,)\s*[a-z0-9_-]+\s*:/i.test(
          source.value.replace(/(unavailable_after|max-[a-z-]+)\s*:/gi, ''),
        )
      ) {
        steps.push(
          `remove ${drop} from the Googlebot part of the X-Robots-Tag header ("${source.value}")`,
        );
      } else if (kept.length === 0) {
        steps.push(`stop sending the X-Robots-Tag header ("${source.value}")`);
      } else {
        const line = `X-Robots-Tag: ${kept.join(', ')}`;
        steps.push(`send ${line} instead of "${source.value}"`);
        lines.push(line);
      }
    } else {
      const name = /name="([^"]+)"/.exec(source.source)?.[1] ?? 'robots';
      const current = `<meta name="${name}" content="${attributeText(source.value)}">`;
      if (kept.length === 0) {
        steps.push(`remove ${current}`);
      } else {
        const tag = `<meta name="${name}" content="${kept.join(', ')}">`;
        steps.push(`replace ${current} with ${tag}`);
        lines.push(tag);
      }
    }
  }
  if (steps.length === 0) return null;
  const text = steps.join('; ');
  return {
    howToFix: `${text.charAt(0).toUpperCase()}${text.slice(1)}.`,
    ...(lines.length === 0 ? {} : { fixSnippet: lines.join('\n') }),
  };
}

export const robotsMeta: Check = {
  meta: {
    id: 'robots-meta',
    title: 'Robots directives',
    why: 'A noindex directive in a robots meta tag or the X-Robots-Tag header keeps the page out of search results; nofollow stops crawlers from following its links. Use them only on pages you mean to hide.',
    howToFix:
      'Remove noindex (and nofollow) from the robots meta tags and the X-Robots-Tag header of pages that should appear in search.',
    fixSnippet:
      'the robots meta tag or X-Robots-Tag header line to use instead, rewritten without noindex/none (or nofollow) and keeping its other directives; absent when the fix is to remove the tag or header.',
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
    const ignored = ignoredSources(page.document);
    const details = {
      directives: sources,
      noindex: noindex.length > 0,
      nofollow: nofollow.length > 0,
      ignored: ignoredDetails(ignored.map((entry) => entry.ignored)),
    };
    const ignoredSaying = (...wanted: string[]) =>
      ignored
        .filter((entry) => entry.directives.some((d) => wanted.includes(d)))
        .map((entry) => entry.ignored);
    const ignoredNoindex = ignoredSaying('noindex', 'none');
    const ignoredNofollow = ignoredSaying('nofollow', 'none');
    const where = (list: RobotsDirectiveSource[]) => list.map((s) => s.source).join(' and ');

    if (noindex.length > 0) {
      return withFix(
        {
          severity: 'critical',
          message: 'The page tells search engines not to index it',
          why: `${where(noindex)} says noindex, so the page will not appear in search results. Remove the directive unless hiding this page is intended.`,
          details,
        },
        directivesFix(noindex, ['noindex', 'none']),
      );
    }
    if (ignoredNoindex.length > 0) {
      return {
        severity: 'warning',
        message: `A noindex directive is ${ignoredStatus(ignoredNoindex)}`,
        why: `${ignoredExplanation(ignoredNoindex)} Google may index this page. If it should stay out of search results, make the directive count; if not, remove it.`,
        details,
      };
    }
    if (nofollow.length > 0) {
      return withFix(
        {
          severity: 'warning',
          message: 'The page tells search engines not to follow its links',
          why: `${where(nofollow)} says nofollow, so crawlers will not discover pages through this page's links or pass them any credit. Remove it unless that is intended; to skip single links, put rel="nofollow" on those links instead.`,
          details,
        },
        directivesFix(nofollow, ['nofollow']),
      );
    }
    if (ignoredNofollow.length > 0) {
      return {
        severity: 'warning',
        message: `A nofollow directive is ${ignoredStatus(ignoredNofollow)}`,
        why: `${ignoredExplanation(ignoredNofollow)} Crawlers will follow the page's links. Make the directive count if that is not what you want, or remove it.`,
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
