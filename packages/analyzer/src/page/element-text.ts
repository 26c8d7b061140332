import type { Document, Element } from './dom.ts';
import { descendantRange, elementIndex, positionIn } from './dom.ts';

/**
 * The text of an element — its text nodes joined, whitespace collapsed — and the alt texts of
 * the images inside it, for checks that read it on every link or heading. Reading it by walking
 * each element's subtree costs the subtree's size, and nested links or headings make that
 * quadratic; here the text nodes (and image alts) are prepared once per document, an element
 * names a contiguous run of them (see ElementIndex), and a query reads only as much of the run
 * as the caller needs: at most `max` characters, never the whole subtree.
 */

/** Whitespace the way collapseWhitespace counts it (JavaScript's \s already holds NBSP). */
const SPACES = /\s+/g;

/**
 * A series of strings in document order (a document's text nodes, or its images' alt texts),
 * each read as its whitespace-collapsed, trimmed core and whether whitespace stood at either
 * end. Parts are prepared lazily, the first time a query reaches them: the checks read the text
 * of links and headings, a small share of a page's text, so folding and collapsing every text
 * node up front cost more than all the queries (issue 23). Blank parts are skipped through
 * `next`, compressed as it is used, so a query never visits a blank part twice and never visits
 * more solid parts than it returns characters.
 */
interface Series {
  readonly raw: (i: number) => string;
  readonly length: number;
  /** Fold (normalise) each part before collapsing it. */
  readonly folded: boolean;
  /** Alt texts are joined with a space; text nodes are glued as they stand. */
  readonly separated: boolean;
  /** cores[i]: undefined until part i is prepared. */
  readonly cores: Array<string | undefined>;
  readonly leading: Uint8Array;
  readonly trailing: Uint8Array;
  /** next[i] === i: part i is not known to be blank; otherwise a later part to look at. */
  readonly next: Int32Array;
}

function newSeries(
  length: number,
  raw: (i: number) => string,
  folded: boolean,
  separated: boolean,
): Series {
  const next = new Int32Array(length + 1);
  for (let i = 0; i <= length; i++) next[i] = i;
  return {
    raw,
    length,
    folded,
    separated,
    cores: new Array(length),
    leading: new Uint8Array(length),
    trailing: new Uint8Array(length),
    next,
  };
}

/** The core of part i, preparing it on first use. */
function coreOf(series: Series, i: number): string {
  const known = series.cores[i];
  if (known !== undefined) return known;
  const value = series.raw(i);
  const collapsed = (series.folded ? foldText(value) : value).replace(SPACES, ' ');
  const core = collapsed.trim();
  series.cores[i] = core;
  series.leading[i] = series.separated || collapsed.startsWith(' ') ? 1 : 0;
  series.trailing[i] = series.separated || collapsed.endsWith(' ') ? 1 : 0;
  return core;
}

/**
 * The first part in [i, to) whose core is not empty, or `to` when there is none. Parts at or
 * after `to` are not prepared: the text after a link is none of the link's business.
 */
function solidFrom(series: Series, i: number, to: number): number {
  const { next } = series;
  let j = i;
  while (j < to) {
    const k = next[j]!;
    if (k !== j) {
      j = k;
      continue;
    }
    if (coreOf(series, j) !== '') break;
    next[j] = j + 1;
    j++;
  }
  // Every part walked over on the way is blank: point each straight at where the walk ended.
  for (let p = i; p < j; ) {
    const k = next[p]!;
    next[p] = j;
    p = k;
  }
  return Math.min(j, to);
}

/**
 * The parts [from, to) joined, collapsed and trimmed, cut after at least `max` UTF-16 units
 * (callers truncate by code points, which a cut at `max` units never shortens below `max / 2`).
 * A part that is only whitespace still separates the words around it.
 */
function readSeries(series: Series, from: number, to: number, max: number): string {
  let out = '';
  let previous = -1;
  const end = Math.min(to, series.length);
  for (
    let i = solidFrom(series, from, end);
    i < end && out.length < max;
    i = solidFrom(series, i + 1, end)
  ) {
    if (
      previous >= 0 &&
      (i > previous + 1 || series.trailing[previous] === 1 || series.leading[i] === 1)
    ) {
      out += ' ';
    }
    const core = series.cores[i]!;
    out += core.length > max - out.length ? core.slice(0, max - out.length) : core;
    previous = i;
  }
  return out;
}

/**
 * What "normalised" means for comparing short texts with a list of phrases: lower case,
 * punctuation and symbols as spaces, whitespace collapsed.
 */
export function normaliseText(text: string): string {
  return foldText(text).replace(SPACES, ' ').trim();
}

/** normaliseText before collapsing and trimming, so a text node keeps its edges. */
function foldText(text: string): string {
  return text.toLowerCase().replace(/[\p{P}\p{S}]+/gu, ' ');
}

interface TextSeries {
  text?: Series;
  normalisedText?: Series;
  alts?: Series;
  normalisedAlts?: Series;
}

const caches = new WeakMap<Document, TextSeries>();

function seriesOf(doc: Document, kind: keyof TextSeries): Series {
  let cache = caches.get(doc);
  if (cache === undefined) {
    cache = {};
    caches.set(doc, cache);
  }
  const cached = cache[kind];
  if (cached) return cached;
  const index = elementIndex(doc);
  let series: Series;
  if (kind === 'text' || kind === 'normalisedText') {
    const texts = index.texts;
    series = newSeries(texts.length, (i) => texts[i]!.data, kind === 'normalisedText', false);
  } else {
    const images = index.byTag.get('img') ?? [];
    series = newSeries(
      images.length,
      (i) => images[i]!.attribs.alt ?? '',
      kind === 'normalisedAlts',
      true,
    );
  }
  cache[kind] = series;
  return series;
}

export interface TextOptions {
  /** Read at most about this many characters (default: the whole text). */
  max?: number;
  /** Lower-cased with punctuation and symbols removed (see normaliseText). */
  normalised?: boolean;
}

/**
 * The element's text content with whitespace collapsed (as textContent), or its first `max`
 * characters. Cost: what is returned, not the size of the subtree.
 */
export function elementText(doc: Document, el: Element, options: TextOptions = {}): string {
  const index = elementIndex(doc);
  const position = positionIn(index, el);
  const series = seriesOf(doc, options.normalised ? 'normalisedText' : 'text');
  return readSeries(
    series,
    index.textStart[position]!,
    index.textEnd[position]!,
    options.max ?? Number.POSITIVE_INFINITY,
  );
}

/**
 * The non-empty alt texts of the images inside the element, joined with spaces (how a crawler
 * names a link or heading that holds only an image), or their first `max` characters.
 */
export function imageAltText(doc: Document, el: Element, options: TextOptions = {}): string {
  const { from, to } = descendantRange(doc, el, 'img');
  const series = seriesOf(doc, options.normalised ? 'normalisedAlts' : 'alts');
  return readSeries(series, from, to, options.max ?? Number.POSITIVE_INFINITY);
}
