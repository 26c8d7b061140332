import type {
  ListDiffDetails,
  NotRenderedDetails,
  ValueChangeDetail,
  ValueDiffDetails,
} from '@crawlwise/shared/check-details';
import { type Document, elementsByTag } from '../page/dom.ts';
import type { PageContext } from '../page/page-context.ts';
import type { CheckOutcome } from './check.ts';
import { type Fix, withFix } from './fix-snippets.ts';
import { MAX_LISTED, truncate } from './markup-helpers.ts';

/**
 * What each crawler sees (issue 9): the `rendered-*` checks compare one signal of the server
 * HTML — what crawlers that do not run script read (Bing, most AI crawlers, social previews) —
 * with the same signal of the DOM after script ran in our one render (what Google indexes).
 * Both documents are already parsed (page-context.ts); these helpers only compare, so the checks
 * cost no fetch and no render of their own. Main text is compared by `js-rendering`.
 */

/** Reads one signal from a document of the page. */
export type Extract<T> = (doc: Document, page: PageContext) => T;

/** The skipped outcome when no browser rendered the page; null when there is a render. */
export function notRendered(
  page: PageContext,
  what: string,
): CheckOutcome<NotRenderedDetails> | null {
  if (page.renderedDocument !== null) return null;
  const render = page.artifacts.render;
  const reason =
    render.reason ??
    (render.status === 'rendered' ? 'The render returned no HTML' : `Render ${render.status}`);
  return {
    severity: 'success',
    outcome: 'skipped',
    message: `${what} not compared with the rendered page`,
    why: `The page could not be rendered in a browser (${reason}), so its ${what.toLowerCase()} after JavaScript was not compared with the server HTML. The other checks read the server HTML, as crawlers do.`,
    details: { reason },
  };
}

/** Both documents' values of a signal; null when the page was not rendered. */
export function bothSides<T>(
  page: PageContext,
  extract: Extract<T>,
): { server: T; rendered: T } | null {
  const renderedDoc = page.renderedDocument;
  if (renderedDoc === null) return null;
  return { server: extract(page.document, page), rendered: extract(renderedDoc, page) };
}

/** How a single text value (title, description) changed: added, removed, changed or same. */
export type ValueChange = ValueChangeDetail;

export function valueChange(server: string | null, rendered: string | null): ValueChange {
  const a = server === '' ? null : server;
  const b = rendered === '' ? null : rendered;
  if (a === b) return 'same';
  if (a === null) return 'added';
  if (b === null) return 'removed';
  return 'changed';
}

/** The base URL relative hrefs of a document resolve against: its first `<base href>`, else the page. */
export function baseOf(doc: Document, pageUrl: URL): URL {
  const href = elementsByTag(doc, 'base').find((el) => el.attribs.href !== undefined)?.attribs.href;
  if (href === undefined) return pageUrl;
  try {
    return new URL(href.trim(), pageUrl);
  } catch {
    return pageUrl;
  }
}

/** A value as details show it: cut to a readable length. */
export function shown(value: string | null): string | null {
  return value === null ? null : truncate(value);
}

/** The entries of `list` that `other` lacks, unique, in order. */
export function lacking(list: readonly string[], other: readonly string[]): string[] {
  const present = new Set(other);
  return [...new Set(list.filter((entry) => !present.has(entry)))];
}

/** How two lists differ, as details carry it (each side cut to MAX_LISTED). */
export function listDiff(
  server: readonly string[],
  rendered: readonly string[],
): { same: boolean; added: string[]; removed: string[]; details: ListDiffDetails } {
  const added = lacking(rendered, server);
  const removed = lacking(server, rendered);
  return {
    same: added.length === 0 && removed.length === 0,
    added,
    removed,
    details: {
      server: server.slice(0, MAX_LISTED).map((entry) => truncate(entry)),
      rendered: rendered.slice(0, MAX_LISTED).map((entry) => truncate(entry)),
      addedByScript: added.slice(0, MAX_LISTED).map((entry) => truncate(entry)),
      removedByScript: removed.slice(0, MAX_LISTED).map((entry) => truncate(entry)),
    },
  };
}

/**
 * The outcome for a single text signal (title, meta description): success when script leaves it
 * alone, else a warning that names both values. Google indexes the rendered value; crawlers that
 * do not run script (and link previews) show the server one.
 */
export function valueOutcome(
  page: PageContext,
  what: string,
  extract: Extract<string | null>,
  /** The element that carries a value in the HTML, for the fix snippet (issue 9, item 5). */
  toTag?: (value: string) => string,
): CheckOutcome<ValueDiffDetails | NotRenderedDetails> {
  const sides = bothSides(page, extract);
  if (sides === null) return notRendered(page, what)!;
  const change = valueChange(sides.server, sides.rendered);
  return withFix(
    judgeValue(sides, change, what),
    toTag === undefined ? null : valueFix(sides, change, what, toTag),
  );
}

/** The tag to serve: the rendered value when script sets or changes it, the server one it removes. */
function valueFix(
  sides: { server: string | null; rendered: string | null },
  change: ValueChange,
  what: string,
  toTag: (value: string) => string,
): Fix | null {
  const lower = what.toLowerCase();
  if (change === 'removed' && sides.server) {
    const fixSnippet = toTag(sides.server);
    return {
      howToFix: `Keep ${fixSnippet} in the page: stop the script that removes the ${lower}.`,
      fixSnippet,
    };
  }
  if ((change === 'added' || change === 'changed') && sides.rendered) {
    const fixSnippet = toTag(sides.rendered);
    return {
      howToFix: `Serve ${fixSnippet} in the server HTML's <head>${change === 'changed' ? ` in place of the current ${lower}` : ''}, so crawlers that do not run JavaScript read the same ${lower} as Google.`,
      fixSnippet,
    };
  }
  return null;
}

function judgeValue(
  sides: { server: string | null; rendered: string | null },
  change: ValueChange,
  what: string,
): CheckOutcome<ValueDiffDetails> {
  const details = { server: shown(sides.server), rendered: shown(sides.rendered), change };
  const lower = what.toLowerCase();
  switch (change) {
    case 'same':
      return {
        severity: 'success',
        message: `The ${lower} is the same with and without JavaScript`,
        details,
      };
    case 'added':
      return {
        severity: 'warning',
        message: `The ${lower} only appears with JavaScript`,
        why: `The server HTML has no ${lower}; script sets it to "${details.rendered}". Google may use it after rendering, but crawlers that do not run script (Bing, AI crawlers, link previews) see none. Put it in the server HTML.`,
        details,
      };
    case 'removed':
      return {
        severity: 'warning',
        message: `JavaScript removes the ${lower}`,
        why: `The server HTML has the ${lower} "${details.server}", but it is gone after script runs, so Google, which reads the rendered page, may see none. Keep it in the page.`,
        details,
      };
    case 'changed':
      return {
        severity: 'warning',
        message: `JavaScript changes the ${lower}`,
        why: `The server HTML says "${details.server}", the page after script "${details.rendered}". Google reads the second, crawlers that do not run script (Bing, AI crawlers, link previews) the first. Serve the final ${lower} in the HTML.`,
        details,
      };
  }
}
