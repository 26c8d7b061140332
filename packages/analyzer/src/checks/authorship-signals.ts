import {
  type Document,
  type Element,
  elementIndex,
  elementsByTag,
  positionIn,
} from '../page/dom.ts';
import { elementFlags, HIDDEN, INERT, isInChrome } from '../page/element-flags.ts';
import { elementText } from '../page/element-text.ts';
import { documentSource } from '../page/head.ts';
import { metaValues } from '../page/metadata.ts';
import { type JsonLdNode, jsonLdNodes, typesOf } from './json-ld.ts';
import { truncate } from './markup-helpers.ts';
import { isObject, type JsonObject } from './rich-result-rules.ts';
import { propertyValue } from './social-fixes.ts';

/**
 * What a page says about who wrote it and when, for the authorship check: whether it is an
 * article at all (Article, BlogPosting, NewsArticle or another schema.org Article type, in
 * JSON-LD or microdata, or an `<article>` element with a byline), and the first author and date
 * it states, with where each was found. Pure reads of the parsed document.
 */

/** schema.org's Article and the subtypes pages use for posts and news. */
const ARTICLE_TYPES = new Set([
  'Article',
  'AdvertiserContentArticle',
  'BlogPosting',
  'LiveBlogPosting',
  'NewsArticle',
  'AnalysisNewsArticle',
  'AskPublicNewsArticle',
  'BackgroundNewsArticle',
  'OpinionNewsArticle',
  'ReportageNewsArticle',
  'ReviewNewsArticle',
  'Report',
  'SatiricalArticle',
  'ScholarlyArticle',
  'MedicalScholarlyArticle',
  'TechArticle',
  'APIReference',
]);

export type ArticleSource = 'structured data' | 'microdata' | 'article element';
export type AuthorSource =
  | 'structured data'
  | 'microdata'
  | 'rel=author'
  | 'byline'
  | 'meta author'
  | 'article:author';
export type DateSource =
  | 'structured data'
  | 'microdata'
  | 'article:published_time'
  | 'time element';

export interface Found<S> {
  source: S;
  /** The value as the page writes it (a name, a date), cut for details. */
  value: string;
}

export interface AuthorshipSignals {
  article: Found<ArticleSource> | null;
  /** The first JSON-LD article item, the one a fix adds the missing properties to. */
  articleNode: JsonLdNode | null;
  author: Found<AuthorSource> | null;
  date: Found<DateSource> | null;
}

/** A class token that marks a byline: byline, author, post-author, author-name... */
const BYLINE_CLASS = /^(?:[a-z0-9]+[-_])*(?:byline|author)(?:[-_][a-z0-9]+)*$/i;

function isByline(el: Element): boolean {
  return (el.attribs.class ?? '')
    .split(/\s+/)
    .some((token) => BYLINE_CLASS.test(token) && !/^comment/i.test(token));
}

const shown = (doc: Document, el: Element) => truncate(elementText(doc, el, { max: 200 }));

/** Visible page content: not hidden, not inert; chrome allowed where the caller says so. */
function visible(doc: Document, el: Element): boolean {
  return (elementFlags(doc, el) & (HIDDEN | INERT)) === 0;
}

/**
 * A JSON-LD author's name: a string, a Person or Organization object, a reference (`{"@id"}`) to
 * a node of the page's JSON-LD (its name, else the id), or a list of them.
 */
function authorName(value: unknown, byId: ReadonlyMap<string, JsonObject>): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) {
    const names = value
      .map((entry) => authorName(entry, byId))
      .filter((name): name is string => name !== null);
    return names.length > 0 ? names.join(', ') : null;
  }
  if (!isObject(value)) return null;
  const id = typeof value['@id'] === 'string' ? value['@id'].trim() : '';
  const named = typeof value.name === 'string' ? value.name : byId.get(id)?.name;
  if (typeof named === 'string' && named.trim()) return named.trim();
  if (id) return id;
  if (typeof value.url === 'string' && value.url.trim()) return value.url.trim();
  return null;
}

/** What a microdata property holds: content, datetime or href where given, else the text. */
function itempropValue(doc: Document, el: Element): string {
  return truncate(
    (el.attribs.content ?? el.attribs.datetime ?? el.attribs.href ?? '').trim() || shown(doc, el),
  );
}

/** The elements that carry authorship markup. */
interface Markup {
  microdataArticle: Element | null;
  authorProps: Element[];
  dateProps: Element[];
  relAuthor: Element[];
  bylines: Element[];
}

/**
 * The authorship markup, in one pass over as little of the document as it can: bylines are
 * looked for inside `scope` (the page's article) when there is one, microdata only when the
 * source mentions itemprop or itemtype at all, rel=author among links.
 */
function gatherMarkup(doc: Document, scope: Element | undefined, needType: boolean): Markup {
  const markup: Markup = {
    microdataArticle: null,
    authorProps: [],
    dateProps: [],
    relAuthor: elementsByTag(doc, 'a', 'link').filter((el) =>
      hasToken(el.attribs.rel ?? '', 'author'),
    ),
    bylines: [],
  };
  const source = documentSource(doc);
  const props = /itemprop/i.test(source);
  const types = needType && /itemtype/i.test(source);
  const bylines = /author|byline/i.test(source);
  const index = elementIndex(doc);
  const from = scope && !props && !types ? positionIn(index, scope) : 0;
  const to = scope && !props && !types ? index.subtreeEnd[from]! : index.all.length;
  const inScope = scope === undefined ? () => true : (el: Element) => isWithin(doc, el, scope);
  if (!props && !types && !bylines) return markup;
  for (let i = from; i < to; i++) {
    const el = index.all[i]!;
    const { itemprop: prop, itemtype } = el.attribs;
    const className = el.attribs.class;
    if (bylines && className !== undefined && /author|byline/i.test(className) && isByline(el)) {
      if (inScope(el)) markup.bylines.push(el);
    }
    if (props && prop !== undefined) {
      if (hasToken(prop, 'author')) markup.authorProps.push(el);
      if (hasToken(prop, 'datePublished')) markup.dateProps.push(el);
    }
    if (types && itemtype !== undefined && markup.microdataArticle === null) {
      const type = itemtype.trim().split(/\s+/)[0] ?? '';
      if (
        /^https?:\/\/schema\.org\/\w+$/i.test(type) &&
        ARTICLE_TYPES.has(type.split('/').pop()!)
      ) {
        markup.microdataArticle = el;
      }
    }
  }
  return markup;
}

function hasToken(list: string, token: string): boolean {
  return list.toLowerCase().split(/\s+/).includes(token.toLowerCase());
}

/** True when `el` is inside `container` (document positions: a subtree is a contiguous run). */
function isWithin(doc: Document, el: Element, container: Element): boolean {
  const index = elementIndex(doc);
  const at = positionIn(index, el);
  const start = positionIn(index, container);
  return at > start && at < index.subtreeEnd[start]!;
}

/** "By Jane Doe" → "Jane Doe": the name a byline gives. */
function bylineName(text: string): string {
  return text.replace(/^(by|von|par|por|di|door|av|af)\s+/i, '').trim();
}

function findAuthor(
  doc: Document,
  articleNodes: readonly JsonLdNode[],
  markup: Markup,
  byline: Element | undefined,
): Found<AuthorSource> | null {
  const byId = new Map<string, JsonObject>();
  for (const { node } of jsonLdNodes(doc).nodes) {
    if (typeof node['@id'] === 'string') byId.set(node['@id'].trim(), node);
  }
  for (const { node } of articleNodes) {
    const name = authorName(node.author, byId);
    if (name !== null) return { source: 'structured data', value: truncate(name) };
  }
  const prop = markup.authorProps.find((el) => visibleOrMeta(doc, el));
  if (prop) return { source: 'microdata', value: itempropValue(doc, prop) };
  const rel = markup.relAuthor.find((el) => el.name === 'link' || visible(doc, el));
  if (rel) {
    const text = rel.name === 'a' ? shown(doc, rel) : '';
    return { source: 'rel=author', value: text || truncate((rel.attribs.href ?? '').trim()) };
  }
  if (byline) return { source: 'byline', value: truncate(bylineName(shown(doc, byline))) };
  const meta = metaValues(doc, 'author')[0];
  if (meta) return { source: 'meta author', value: truncate(meta) };
  const articleAuthor = propertyValue(doc, 'article:author');
  if (articleAuthor) return { source: 'article:author', value: truncate(articleAuthor) };
  return null;
}

/** A microdata property may sit on a `<meta>` or `<link>`, which are never rendered. */
function visibleOrMeta(doc: Document, el: Element): boolean {
  return el.name === 'meta' || el.name === 'link' || visible(doc, el);
}

function findDate(
  doc: Document,
  articleNodes: readonly JsonLdNode[],
  markup: Markup,
  articleElement: Element | undefined,
): Found<DateSource> | null {
  for (const { node } of articleNodes) {
    const published = node.datePublished;
    if (typeof published === 'string' && published.trim()) {
      return { source: 'structured data', value: truncate(published.trim()) };
    }
  }
  const prop = markup.dateProps.find((el) => visibleOrMeta(doc, el));
  if (prop) return { source: 'microdata', value: itempropValue(doc, prop) };
  const published = propertyValue(doc, 'article:published_time');
  if (published) return { source: 'article:published_time', value: truncate(published) };
  const time = elementsByTag(doc, 'time').find(
    (el) =>
      visible(doc, el) &&
      (articleElement === undefined ? !isInChrome(doc, el) : isWithin(doc, el, articleElement)),
  );
  if (time) {
    const value = (time.attribs.datetime ?? '').trim() || shown(doc, time);
    if (value) return { source: 'time element', value: truncate(value) };
  }
  return null;
}

const NOT_AN_ARTICLE: AuthorshipSignals = {
  article: null,
  articleNode: null,
  author: null,
  date: null,
};

export function authorshipSignals(doc: Document): AuthorshipSignals {
  const articleNodes = jsonLdNodes(doc).nodes.filter((entry) =>
    typesOf(entry.node).some((type) => ARTICLE_TYPES.has(type)),
  );
  // The page's own article: the first one in the content (comments are often articles too).
  const articleElement = elementsByTag(doc, 'article').find(
    (el) => visible(doc, el) && !isInChrome(doc, el),
  );
  // Most pages are no article at all: without JSON-LD, <article> or microdata, skip the scan.
  if (
    articleNodes.length === 0 &&
    articleElement === undefined &&
    !/itemtype/i.test(documentSource(doc))
  ) {
    return NOT_AN_ARTICLE;
  }
  const markup = gatherMarkup(doc, articleElement, articleNodes.length === 0);
  const byline = markup.bylines.find((el) => visible(doc, el) && !isInChrome(doc, el));

  let article: Found<ArticleSource> | null = null;
  if (articleNodes[0]) {
    article = { source: 'structured data', value: typesOf(articleNodes[0].node)[0]! };
  } else if (markup.microdataArticle) {
    article = { source: 'microdata', value: markup.microdataArticle.attribs.itemtype!.trim() };
  } else if (articleElement && byline) {
    article = { source: 'article element', value: '<article>' };
  }
  return {
    article,
    articleNode: articleNodes[0] ?? null,
    author: findAuthor(doc, articleNodes, markup, byline),
    date: findDate(doc, articleNodes, markup, articleElement),
  };
}
