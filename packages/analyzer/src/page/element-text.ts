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
 * A series of strings in document order, each already whitespace-collapsed, kept as its trimmed
 * core and whether whitespace stood at either end, with a pointer past blank ones so a query
 * never visits more parts than it returns characters.
 */
interface Series {
  readonly cores: readonly string[];
  readonly leading: Uint8Array;
  readonly trailing: Uint8Array;
  /** nextSolid[i]: the first part at or after i whose core is not empty (length when none). */
  readonly nextSolid: Int32Array;
}

function buildSeries(values: readonly string[], separated: boolean): Series {
  const n = values.length;
  const cores: string[] = new Array(n);
  const leading = new Uint8Array(n);
  const trailing = new Uint8Array(n);
  const nextSolid = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const collapsed = values[i]!.replace(SPACES, ' ');
    const core = collapsed.trim();
    cores[i] = core;
    // Alt texts are joined with a space; text nodes are glued as they stand.
    leading[i] = separated || collapsed.startsWith(' ') ? 1 : 0;
    trailing[i] = separated || collapsed.endsWith(' ') ? 1 : 0;
  }
  nextSolid[n] = n;
  for (let i = n - 1; i >= 0; i--) nextSolid[i] = cores[i] === '' ? nextSolid[i + 1]! : i;
  return { cores, leading, trailing, nextSolid };
}

/**
 * The parts [from, to) joined, collapsed and trimmed, cut after at least `max` UTF-16 units
 * (callers truncate by code points, which a cut at `max` units never shortens below `max / 2`).
 * A part that is only whitespace still separates the words around it.
 */
function readSeries(series: Series, from: number, to: number, max: number): string {
  let out = '';
  let previous = -1;
  for (let i = series.nextSolid[from]!; i < to && out.length < max; i = series.nextSolid[i + 1]!) {
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
    const data = index.texts.map((node) => node.data);
    series = buildSeries(kind === 'text' ? data : data.map(foldText), false);
  } else {
    const alts = (index.byTag.get('img') ?? []).map((img) => img.attribs.alt ?? '');
    series = buildSeries(kind === 'alts' ? alts : alts.map(foldText), true);
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
