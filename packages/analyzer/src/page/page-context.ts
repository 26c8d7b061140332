import type { Artifacts } from '../types.ts';
import type { Document } from './dom.ts';
import { parseHtml } from './html-parser.ts';
import { extractVisibleText, type VisibleText } from './visible-text.ts';

/**
 * Derivations every check may need, computed at most once per analysis (like Lighthouse's
 * computed artifacts): the parsed server document, its visible text, and the same for the
 * rendered DOM when a browser rendered the page.
 */
export interface PageContext {
  readonly artifacts: Artifacts;
  /** The URL the document was finally served from, after redirects. */
  readonly url: URL;
  readonly document: Document;
  readonly serverText: VisibleText;
  /** null when the render was skipped or failed. */
  readonly renderedDocument: Document | null;
  readonly renderedText: VisibleText | null;
}

/** The served document parsed, and its visible text: what a page's analysis derives first. */
export interface ServedPage {
  readonly document: Document;
  readonly serverText: VisibleText;
}

/**
 * Derives the served page ahead of createPageContext, for a caller that has the CPU idle before
 * the other artifacts are in (the engine while a browser renders the page).
 */
export function deriveServedPage(html: string): ServedPage {
  const document = parseHtml(html);
  return { document, serverText: extractVisibleText(document) };
}

/** `served`: the same page already derived by deriveServedPage(artifacts.fetch.html). */
export function createPageContext(artifacts: Artifacts, served?: ServedPage): PageContext {
  let document: Document | undefined = served?.document;
  let serverText: VisibleText | undefined = served?.serverText;
  let renderedDocument: Document | null | undefined;
  let renderedText: VisibleText | null | undefined;
  const rendered = artifacts.render.status === 'rendered' ? artifacts.render.html : undefined;

  return {
    artifacts,
    url: new URL(artifacts.fetch.finalUrl),
    get document() {
      document ??= parseHtml(artifacts.fetch.html);
      return document;
    },
    get serverText() {
      serverText ??= extractVisibleText(this.document);
      return serverText;
    },
    get renderedDocument() {
      if (renderedDocument === undefined) {
        renderedDocument = rendered === undefined ? null : parseHtml(rendered);
      }
      return renderedDocument;
    },
    get renderedText() {
      if (renderedText === undefined) {
        const doc = this.renderedDocument;
        renderedText = doc ? extractVisibleText(doc) : null;
      }
      return renderedText;
    },
  };
}
