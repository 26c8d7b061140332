import { elementsByTag, isInside } from '../page/dom.ts';
import { inHead } from '../page/head.ts';
import type { PageContext } from '../page/page-context.ts';
import type { Check, CheckOutcome } from './check.ts';
import { withFix } from './fix-snippets.ts';
import { MAX_LISTED, plural, truncate } from './markup-helpers.ts';
import { baseOf } from './render-diff.ts';
import { permanentRedirectConfig, SERVER_LABELS, serverKind } from './server-fixes.ts';

/**
 * `meta-refresh` (crawlability): a `<meta http-equiv="refresh">` (or a Refresh header) that
 * reloads the page or sends the visitor elsewhere. A redirect written this way is slower than an
 * HTTP one, and crawlers treat it at best as one (Google: an instant one as permanent, a delayed
 * one as temporary); a delayed redirect or a timed reload takes the page away from someone still
 * reading it (WCAG 2.2.1). Any of them is a warning. The content is read by HTML's declarative
 * refresh rules (a value browsers would ignore is listed, not judged); one inside `<template>` or
 * `<noscript>` is inert in a browser that runs script and is skipped.
 */

export interface Refresh {
  /** Seconds before the refresh. */
  delay: number;
  /** The address to go to, as written; null to reload the page itself. */
  url: string | null;
}

const WHITESPACE = /[\t\n\f\r ]/;

/** A refresh value read as HTML's "shared declarative refresh steps" do; null when ignored. */
export function parseRefresh(content: string): Refresh | null {
  let position = 0;
  const at = () => content[position] ?? '';
  const skipSpace = () => {
    while (position < content.length && WHITESPACE.test(at())) position++;
  };
  skipSpace();
  const digits = /^\d*/.exec(content.slice(position))![0];
  position += digits.length;
  if (digits === '' && at() !== '.') return null;
  const delay = digits === '' ? 0 : Number(digits);
  while (/[\d.]/.test(at()) && position < content.length) position++;
  if (position >= content.length) return { delay, url: null };
  if (at() !== ';' && at() !== ',' && !WHITESPACE.test(at())) return null;
  skipSpace();
  if (at() === ';' || at() === ',') position++;
  skipSpace();
  if (position >= content.length) return { delay, url: null };
  let rest = content.slice(position);
  const named = /^url[\t\n\f\r ]*=[\t\n\f\r ]*/i.exec(rest);
  if (named) rest = rest.slice(named[0].length);
  const quote = rest[0] === '"' || rest[0] === "'" ? rest[0] : null;
  if (quote !== null) {
    const end = rest.indexOf(quote, 1);
    rest = rest.slice(1, end === -1 ? undefined : end);
  }
  const url = rest.trim();
  return { delay, url: url === '' ? null : url };
}

interface Declared {
  source: 'meta' | 'header';
  content: string;
  /** null when browsers ignore the value. */
  refresh: Refresh | null;
  /** The absolute target, for a redirect. */
  target: string | null;
  inHead: boolean | null;
}

function declarations(page: PageContext): Declared[] {
  const doc = page.document;
  const base = baseOf(doc, page.url);
  const resolve = (refresh: Refresh | null): string | null => {
    if (refresh?.url == null) return null;
    try {
      return new URL(refresh.url, base).href;
    } catch {
      return null;
    }
  };
  const found: Declared[] = [];
  const header = page.artifacts.fetch.headers.refresh;
  if (header !== undefined) {
    const refresh = parseRefresh(header);
    found.push({
      source: 'header',
      content: truncate(header),
      refresh,
      target: resolve(refresh),
      inHead: null,
    });
  }
  for (const el of elementsByTag(doc, 'meta')) {
    if ((el.attribs['http-equiv'] ?? '').trim().toLowerCase() !== 'refresh') continue;
    if (isInside(doc, el, 'template') || isInside(doc, el, 'noscript')) continue;
    const content = el.attribs.content ?? '';
    const refresh = parseRefresh(content);
    found.push({
      source: 'meta',
      content: truncate(content),
      refresh,
      target: resolve(refresh),
      inHead: inHead(doc, el),
    });
  }
  return found;
}

/** The page's own address without its fragment: a refresh to it is a reload. */
function isSelf(target: string, page: PageContext): boolean {
  const self = new URL(page.url);
  self.hash = '';
  const other = new URL(target);
  other.hash = '';
  return self.href === other.href;
}

export const metaRefresh: Check = {
  meta: {
    id: 'meta-refresh',
    title: 'Meta refresh',
    why: 'A meta refresh reloads the page or sends visitors elsewhere after a delay. As a redirect it is slower than an HTTP redirect and crawlers only treat it as one at best; a timed reload or a delayed redirect takes the page away from people still reading it.',
    howToFix:
      'Replace a meta refresh redirect with a permanent (301) HTTP redirect on the server, and remove refreshes that reload the page.',
    fixSnippet:
      "for a redirect, the permanent redirect of the page's path to its target in the configuration of the server named in the Server or X-Powered-By header (nginx, Apache, Caddy or Express); absent for another or a hidden server.",
    rule: 'A <meta http-equiv="refresh"> (outside <template> and <noscript>) or a Refresh header whose value browsers act on is a warning: an instant redirect (delay 0), a delayed redirect, or a reload of the page itself after a delay. A value browsers ignore is listed in the details without a verdict.',
    sources: [
      {
        title: 'Google Search Central: Redirects and Google Search (meta refresh)',
        url: 'https://developers.google.com/search/docs/crawling-indexing/301-redirects#metarefresh',
      },
      {
        title: 'HTML Standard: the refresh pragma',
        url: 'https://html.spec.whatwg.org/multipage/semantics.html#attr-meta-http-equiv-refresh',
      },
      {
        title: 'WCAG 2.2 failure F41: a page that refreshes or redirects after a time limit',
        url: 'https://www.w3.org/WAI/WCAG22/Techniques/failures/F41',
      },
    ],
  },
  run(page): CheckOutcome {
    const found = declarations(page);
    const details = { refreshes: found.slice(0, MAX_LISTED) };
    const acting = found.find((entry) => entry.refresh !== null);
    if (acting === undefined) {
      return {
        severity: 'success',
        message: found.length === 0 ? 'No meta refresh' : 'No refresh browsers act on',
        details,
      };
    }
    const { delay } = acting.refresh!;
    const where = acting.source === 'header' ? 'a Refresh header' : 'a meta refresh';
    const target = acting.target;
    if (target === null || isSelf(target, page)) {
      return {
        severity: 'warning',
        message: `The page reloads itself after ${plural(delay, 'second')} (${where})`,
        why: 'A timed reload takes the page away from people still reading it, resets their place and can loop crawlers. Update content with script, or let visitors reload.',
        howToFix: `Remove the ${acting.source === 'header' ? 'Refresh header' : '<meta http-equiv="refresh">'}.`,
        details,
      };
    }
    const kind = serverKind(page.artifacts.fetch.headers);
    const config = kind === null ? null : permanentRedirectConfig(kind, page.url.pathname, target);
    const outcome = {
      severity: 'warning' as const,
      message:
        delay === 0
          ? `The page redirects with ${where} to ${target}`
          : `The page redirects after ${plural(delay, 'second')} with ${where} to ${target}`,
      why:
        delay === 0
          ? 'A meta refresh redirect is followed only after the page has been downloaded and parsed, and not by every crawler; Google treats it as a permanent redirect at best. An HTTP 301 redirect is faster and understood by all.'
          : `A delayed redirect shows the page for ${plural(delay, 'second')} and then takes it away, which confuses visitors (and fails WCAG 2.2.1), and Google treats it as a temporary redirect. Redirect on the server instead, or link to the new page.`,
      details,
    };
    return withFix(
      outcome,
      config === null || kind === null
        ? {
            howToFix: `Redirect ${page.url.pathname} to ${target} with a permanent (301) HTTP redirect on the server, and remove the refresh.`,
          }
        : {
            howToFix: `Redirect on the server instead, in ${SERVER_LABELS[kind]}, and remove the refresh:\n${config}`,
            fixSnippet: config,
          },
    );
  },
};
