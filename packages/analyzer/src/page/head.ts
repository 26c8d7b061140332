import type { Document, Element } from './dom.ts';
import { isInside, lowerBound } from './dom.ts';

/**
 * Where the document's <head> really ends, the way the HTML parsing algorithm decides it
 * (WHATWG HTML, 13.2.6.4.2-13.2.6.4.6: the "before head", "in head" and "after head"
 * insertion modes). Google reads page metadata only from the head and, as the algorithm does,
 * takes the first element that does not belong there — an <iframe>, an <img>, a stray word —
 * as its end (developers.google.com/search/docs/crawling-indexing/valid-page-metadata).
 * htmlparser2 does not build the tree that way, so parseHtml feeds the start tags, end tags and
 * text it meets to a HeadTracker, in source order, until the head is over; the elements the
 * algorithm would insert into the head are then known by their source positions.
 *
 * Followed as written, with scripting enabled (as in Google's renderer): in the head, <title>,
 * <script>, <style>, <noscript> and <noframes> hold text, not elements, and a <template> holds
 * inert content; an end tag other than </head>, </body>, </html> and </br> is ignored; a
 * base, link, meta, title, script, style, template or noframes start tag that comes after
 * </head> but before the body still goes into the head.
 */

/** Start tags the "in head" mode inserts into the head. */
const HEAD_CONTENT = new Set([
  'base',
  'basefont',
  'bgsound',
  'link',
  'meta',
  'title',
  'noscript',
  'noframes',
  'style',
  'script',
  'template',
]);
/** Start tags the "after head" mode still puts into the head (all but noscript). */
const AFTER_HEAD_CONTENT = new Set([...HEAD_CONTENT].filter((name) => name !== 'noscript'));
/** Head elements whose content is text up to their end tag (scripting enabled). */
const TEXT_CONTENT = new Set(['title', 'script', 'style', 'noscript', 'noframes']);
/** End tags that end the head like any other foreign token ("act as anything else"). */
const ENDING_END_TAGS = new Set(['body', 'html', 'br']);
/** Start tags that end the head as every page does, not cut it short. */
const BODY_START = new Set(['body', 'frameset']);

/** The parser's whitespace: tab, line feed, form feed, carriage return, space. */
const NOT_WHITESPACE = /[^\t\n\f\r ]/;

export interface HeadCut {
  /** What ended the head: "<iframe>", "</br>", 'the text "Hello"'. */
  by: string;
  /** Its position in the source. */
  position: number;
}

export interface HeadRecord {
  /** Source positions ('<') of the elements the parser puts into the head. */
  readonly elements: ReadonlySet<number>;
  /** Where something that does not belong in a head ended it early; null if it did not. */
  readonly cut: HeadCut | null;
  readonly source: string;
}

type Mode = 'before head' | 'in head' | 'after head' | 'done';

/** The head part of the HTML tree construction, fed tokens in source order (see above). */
export class HeadTracker {
  private mode: Mode = 'before head';
  /** Inside a head element whose content is text: the end tag that closes it. */
  private textUntil: string | null = null;
  private templates = 0;
  private readonly elements = new Set<number>();
  private cut: HeadCut | null = null;

  constructor(private readonly source: string) {}

  /** False once the body has started: nothing more can change the record. */
  get active(): boolean {
    return this.mode !== 'done';
  }

  startTag(name: string, position: number): void {
    if (this.mode === 'done' || this.textUntil !== null) return;
    if (this.templates > 0) {
      if (name === 'template') this.templates++;
      return;
    }
    if (this.mode === 'before head') {
      if (name === 'html') return;
      this.mode = 'in head';
      if (name === 'head') return;
      // Any other start tag implies the head and is reprocessed in it.
    }
    if (this.mode === 'after head') {
      if (name === 'html' || name === 'head') return;
      if (AFTER_HEAD_CONTENT.has(name)) this.insert(name, position);
      else this.mode = 'done';
      return;
    }
    // In head: <html> only merges attributes, a second <head> is ignored.
    if (name === 'html' || name === 'head') return;
    if (HEAD_CONTENT.has(name)) {
      this.insert(name, position);
      return;
    }
    if (!BODY_START.has(name)) this.cut = { by: `<${name}>`, position };
    this.mode = 'done';
  }

  endTag(name: string, position: number): void {
    if (this.mode === 'done') return;
    if (this.textUntil !== null) {
      if (name === this.textUntil) this.textUntil = null;
      return;
    }
    if (this.templates > 0) {
      if (name === 'template') this.templates--;
      return;
    }
    if (this.mode === 'before head') {
      if (name !== 'head' && !ENDING_END_TAGS.has(name)) return;
      this.mode = 'in head';
    }
    if (this.mode === 'after head') {
      if (ENDING_END_TAGS.has(name)) this.mode = 'done';
      return;
    }
    if (name === 'head') {
      this.mode = 'after head';
    } else if (ENDING_END_TAGS.has(name)) {
      this.cut = { by: `</${name}>`, position };
      this.mode = 'done';
    }
  }

  /** Character data (a text run or one decoded character reference) at `position`. */
  text(data: string, position: number): void {
    if (this.mode === 'done' || this.textUntil !== null || this.templates > 0) return;
    const at = data.search(NOT_WHITESPACE);
    if (at < 0) return;
    if (this.mode === 'after head') {
      this.mode = 'done';
      return;
    }
    // Before or in the head: the text implies the head (if need be) and ends it.
    this.cut = { by: `the text "${shownText(data.slice(at))}"`, position: position + at };
    this.mode = 'done';
  }

  record(): HeadRecord {
    return { elements: this.elements, cut: this.cut, source: this.source };
  }

  private insert(name: string, position: number): void {
    this.elements.add(position);
    if (TEXT_CONTENT.has(name)) this.textUntil = name;
    else if (name === 'template') this.templates = 1;
  }
}

/** The first word of a text, with invisible characters named: what a finding can quote. */
function shownText(text: string): string {
  const word = [...text.slice(0, 40).split(/[\t\n\f\r ]/)[0]!].slice(0, 20);
  return word
    .map((char) => {
      if (char === '\u00a0') return '&nbsp;';
      if (/[\p{L}\p{N}\p{P}\p{S}]/u.test(char)) return char;
      return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    })
    .join('');
}

const records = new WeakMap<Document, HeadRecord>();

export function setHeadRecord(doc: Document, record: HeadRecord): void {
  records.set(doc, record);
}

function recordOf(doc: Document): HeadRecord {
  const record = records.get(doc);
  if (!record) throw new Error('The document was not parsed by parseHtml');
  return record;
}

/** The HTML the document was parsed from. */
export function documentSource(doc: Document): string {
  return recordOf(doc).source;
}

/** True when the HTML parser puts the element into the document's <head>. */
export function inHead(doc: Document, el: Element): boolean {
  return el.startIndex !== null && recordOf(doc).elements.has(el.startIndex);
}

/** Where the head was cut short, with its line; null if it ended normally. */
export function headCut(doc: Document): (HeadCut & { line: number }) | null {
  const { cut } = recordOf(doc);
  return cut ? { ...cut, line: lineAt(doc, cut.position) } : null;
}

/** Per document: the positions of its line feeds, found once (findings may name many lines). */
const lineStarts = new WeakMap<Document, Int32Array>();

/** 1-based line of a source position. */
export function lineAt(doc: Document, position: number): number {
  let feeds = lineStarts.get(doc);
  if (feeds === undefined) {
    const { source } = recordOf(doc);
    const found: number[] = [];
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) found.push(i);
    feeds = Int32Array.from(found);
    lineStarts.set(doc, feeds);
  }
  return lowerBound(feeds, position) + 1;
}

/** A metadata element that Google does not read, and why. */
export interface IgnoredElement {
  /** The tag as written, shortened: `<meta name="description">`. */
  element: string;
  line: number;
  /** "the head ended at <iframe> on line 12", "it is in the <body>", ... */
  reason: string;
}

/** Why an element that is not in the head is not read as metadata. */
export function notInHeadReason(doc: Document, el: Element): string {
  const cut = headCut(doc);
  if (cut && el.startIndex !== null && el.startIndex >= cut.position) {
    return `the head ended at ${cut.by} on line ${cut.line}`;
  }
  if (isInside(doc, el, 'template')) return 'it is inside a <template>';
  if (isInside(doc, el, 'noscript')) return 'it is inside <noscript>, which is text to a browser';
  return 'it is in the <body>';
}

/**
 * The elements (in document order) that are in the head, and the others described as ignored
 * (`ignoredElements` holds the same elements, in step). `describe` names an element the way the
 * finding shows it.
 */
export function splitByHead(
  doc: Document,
  elements: readonly Element[],
  describe: (el: Element) => string,
): { head: Element[]; ignored: IgnoredElement[]; ignoredElements: Element[] } {
  const head: Element[] = [];
  const ignored: IgnoredElement[] = [];
  const ignoredElements: Element[] = [];
  for (const el of elements) {
    if (inHead(doc, el)) {
      head.push(el);
      continue;
    }
    ignoredElements.push(el);
    ignored.push({
      element: describe(el),
      line: lineAt(doc, el.startIndex ?? 0),
      reason: notInHeadReason(doc, el),
    });
  }
  return { head, ignored, ignoredElements };
}
