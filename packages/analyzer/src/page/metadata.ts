import { collapseWhitespace, type Document, type Element, elementsByTag, isInside } from './dom.ts';
import { type IgnoredElement, inHead, lineAt, notInHeadReason, splitByHead } from './head.ts';

/**
 * Page metadata the way Google reads it: `<meta>`, `<link>` and `<title>` count only in the
 * real head (head.ts), and a `<meta>` is named by the attribute its vocabulary uses. Everything
 * else that looks like the metadata asked for comes back as ignored, with the reason, so a
 * finding can tell the site owner why a tag they wrote has no effect.
 */

/**
 * Which attribute names a `<meta>`. HTML's own metadata names — description, robots, googlebot,
 * viewport and the other registered names — are given by `name` (HTML, "Standard metadata
 * names"; `property` is not even an HTML attribute): `<meta property="description">` is no
 * description. Open Graph is RDFa and uses `property` (ogp.me); Twitter Cards use `name` and
 * X's card parser falls back to `property` (developer.x.com, "Cards markup"). For those two
 * vocabularies both attributes count, as sites mix them up and their consumers are lenient.
 */
export type MetaAttribute = 'name' | 'property';

/** The attributes that name a meta key, the first being the one to write. */
export function attributesFor(key: string): readonly MetaAttribute[] {
  const wanted = key.toLowerCase();
  if (wanted.startsWith('og:')) return ['property', 'name'];
  if (wanted.startsWith('twitter:')) return ['name', 'property'];
  return ['name'];
}

const ATTRIBUTES: readonly MetaAttribute[] = ['name', 'property'];

export interface MetadataLookup {
  /** The elements Google reads, in document order. */
  readonly head: readonly Element[];
  /** The others, each with the reason it is ignored, in document order. */
  readonly ignored: readonly IgnoredElement[];
  /** The ignored elements themselves, in step with `ignored` (never put these in details). */
  readonly ignoredElements: readonly Element[];
}

function keyOf(el: Element, attribute: MetaAttribute): string {
  return (el.attribs[attribute] ?? '').trim().toLowerCase();
}

/** Per document and lookup: metadata is asked for ~15 times per analysis. */
const caches = new WeakMap<Document, Map<string, MetadataLookup>>();

function cached(doc: Document, key: string, build: () => MetadataLookup): MetadataLookup {
  let cache = caches.get(doc);
  if (cache === undefined) {
    cache = new Map();
    caches.set(doc, cache);
  }
  let lookup = cache.get(key);
  if (lookup === undefined) {
    lookup = build();
    cache.set(key, lookup);
  }
  return lookup;
}

/**
 * `<meta>` elements for a key (case-insensitive): those in the head named by an attribute the
 * key is read from (attributesFor), and as ignored those outside it or named by another one.
 */
export function metaLookup(doc: Document, key: string): MetadataLookup {
  const wanted = key.toLowerCase();
  const accepted = attributesFor(wanted);
  return cached(doc, `meta ${wanted}`, () => {
    const head: Element[] = [];
    const ignored: IgnoredElement[] = [];
    const ignoredElements: Element[] = [];
    for (const el of elementsByTag(doc, 'meta')) {
      const attribute = ATTRIBUTES.find((a) => keyOf(el, a) === wanted);
      if (attribute === undefined) continue;
      const named = accepted.some((a) => keyOf(el, a) === wanted);
      if (named && inHead(doc, el)) {
        head.push(el);
        continue;
      }
      ignoredElements.push(el);
      ignored.push({
        element: `<meta ${attribute}="${el.attribs[attribute]!.trim()}">`,
        line: lineAt(doc, el.startIndex ?? 0),
        reason: named
          ? notInHeadReason(doc, el)
          : `it uses ${attribute}=, and ${wanted} is read from <meta ${accepted[0]}="${wanted}">`,
      });
    }
    return { head, ignored, ignoredElements };
  });
}

/** The collapsed `content` of the head's `<meta>` elements for a key, in document order. */
export function metaValues(doc: Document, key: string): string[] {
  return metaLookup(doc, key).head.map((el) => collapseWhitespace(el.attribs.content ?? ''));
}

/**
 * `<link>` elements whose rel list holds the token (and that carry `withAttribute`, if given):
 * in the head, and as ignored elsewhere.
 */
export function linkLookup(doc: Document, rel: string, withAttribute?: string): MetadataLookup {
  const wanted = rel.toLowerCase();
  return cached(doc, `link ${wanted} ${withAttribute ?? ''}`, () =>
    splitByHead(
      doc,
      elementsByTag(doc, 'link').filter(
        (el) =>
          (el.attribs.rel ?? '').toLowerCase().split(/\s+/).includes(wanted) &&
          (withAttribute === undefined || el.attribs[withAttribute] !== undefined),
      ),
      (el) =>
        withAttribute === undefined
          ? `<link rel="${wanted}">`
          : `<link rel="${wanted}" ${withAttribute}="${el.attribs[withAttribute]!.trim()}">`,
    ),
  );
}

/** Document `<title>` elements: in the head, and as ignored elsewhere (not SVG/MathML titles). */
export function titleLookup(doc: Document): MetadataLookup {
  return cached(doc, 'title', () =>
    splitByHead(
      doc,
      elementsByTag(doc, 'title').filter(
        (el) => !isInside(doc, el, 'svg') && !isInside(doc, el, 'math'),
      ),
      () => '<title>',
    ),
  );
}
