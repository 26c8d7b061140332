import { trimAtWordBoundary } from './fix-snippets.ts';
import type { InvalidValue, Judgement, MissingProperty } from './rich-result-judge.ts';
import { isObject, type JsonObject, schemaName } from './rich-result-rules.ts';

/**
 * The JSON-LD skeleton that fixes an item (issue 9, item 5): the item as the page wrote it, with
 * each missing required property added, filled from the page's own values where it can be
 * (title, description, og:image, URL, article dates) and with a `<...>` placeholder naming what
 * to write otherwise, and each invalid value replaced by a corrected one ("$19.99" → "19.99",
 * "€" → "EUR") or a placeholder. A recommended property is added only when the page supplies its
 * value. An item too big to repeat is cut down to its @type, @id and name plus the additions.
 */

/** Values of the page a skeleton can be filled from. */
export interface PageValues {
  url: string;
  title: string | null;
  description: string | null;
  image: string | null;
  siteName: string | null;
  published: string | null;
  modified: string | null;
}

/** Above this many characters of JSON the skeleton keeps only the item's identity. */
const MAX_COPY_CHARS = 3000;

const ADDRESS = {
  '@type': 'PostalAddress',
  streetAddress: '<street and number>',
  addressLocality: '<city>',
  postalCode: '<postal code>',
  addressCountry: '<country code, e.g. FR>',
};

/** What to write for a missing property: the page's value, or a placeholder saying what goes there. */
function fillFor(name: string, page: PageValues): unknown {
  switch (name) {
    case 'name':
    case 'title':
      return page.title ?? '<name>';
    case 'headline':
      return page.title ? trimAtWordBoundary(page.title, 110) : '<headline>';
    case 'description':
      return page.description ?? '<description>';
    case 'image':
    case 'thumbnailUrl':
      return page.image ?? '<absolute image URL>';
    case 'url':
      return page.url;
    case 'datePublished':
    case 'uploadDate':
    case 'datePosted':
      return page.published ?? '<date, e.g. 2026-11-23>';
    case 'dateModified':
      return page.modified ?? page.published ?? '<date, e.g. 2026-11-23>';
    case 'author':
      return { '@type': 'Person', name: '<author name>' };
    case 'hiringOrganization':
      return {
        '@type': 'Organization',
        name: page.siteName ?? '<company name>',
        sameAs: new URL(page.url).origin,
      };
    case 'offers':
      return {
        '@type': 'Offer',
        price: '<price, e.g. 19.99>',
        priceCurrency: '<currency, e.g. EUR>',
        availability: 'https://schema.org/InStock',
        url: page.url,
      };
    case 'price':
    case 'lowPrice':
      return '<price, e.g. 19.99>';
    case 'priceCurrency':
      return '<currency, e.g. EUR>';
    case 'address':
      return ADDRESS;
    case 'location':
      return { '@type': 'Place', name: '<venue>', address: ADDRESS };
    case 'jobLocation':
      return { '@type': 'Place', address: ADDRESS };
    case 'startDate':
      return '<start, e.g. 2026-12-31T19:00:00+01:00>';
    case 'reviewRating':
      return { '@type': 'Rating', ratingValue: '<rating, e.g. 4>', bestRating: 5 };
    case 'ratingValue':
      return '<rating, e.g. 4.5>';
    case 'ratingCount':
      return '<number of ratings>';
    case 'itemReviewed':
      return { '@type': 'Thing', name: page.title ?? '<name of what is reviewed>' };
    case 'mainEntity':
      return [
        {
          '@type': 'Question',
          name: '<question>',
          acceptedAnswer: { '@type': 'Answer', text: '<answer>' },
        },
      ];
    case 'acceptedAnswer':
      return { '@type': 'Answer', text: '<answer>' };
    case 'itemListElement':
      return [
        { '@type': 'ListItem', position: 1, name: '<home>', item: new URL(page.url).origin },
        { '@type': 'ListItem', position: 2, name: page.title ?? '<this page>' },
      ];
    case 'position':
      return '<position, 1 for the first>';
    default:
      return `<${name}>`;
  }
}

/** A value the page supplies for a recommended property (no placeholders), or undefined. */
function pageValueFor(name: string, page: PageValues): unknown {
  const value = fillFor(name, page);
  return typeof value === 'string' && !value.startsWith('<') ? value : undefined;
}

const URL_PROPERTIES = new Set([
  'url',
  'item',
  'image',
  'logo',
  'thumbnailUrl',
  'contentUrl',
  'embedUrl',
  'sameAs',
]);

const CURRENCY_SIGNS: Record<string, string> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY' };

function numberFrom(text: string): string | null {
  let digits = text.replace(/[^\d.,]/g, '');
  // "19,99" is a decimal comma; "1,299.00" and "1.299,00" use thousands separators.
  if (/,\d{1,2}$/.test(digits)) digits = digits.replace(/\./g, '').replace(',', '.');
  digits = digits.replace(/,/g, '');
  return /^\d+(?:\.\d+)?$/.test(digits) ? digits : null;
}

/** The corrected value for an invalid one, or a placeholder naming the problem. */
function correctedValue(name: string, raw: unknown, page: PageValues): unknown {
  const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  if (URL_PROPERTIES.has(name) && text !== '') {
    // A relative URL, resolved against the page the way a browser would.
    try {
      const resolved = new URL(text, page.url);
      if (resolved.protocol === 'http:' || resolved.protocol === 'https:') return resolved.href;
    } catch {
      // not a URL at all: a placeholder below
    }
  }
  if (['price', 'lowPrice', 'highPrice', 'ratingValue', 'bestRating'].includes(name)) {
    const fixed = numberFrom(text);
    if (fixed !== null) return fixed;
  }
  if (name === 'priceCurrency') {
    const code = CURRENCY_SIGNS[text] ?? text.toUpperCase();
    if (/^[A-Z]{3}$/.test(code)) return code;
  }
  if (name === 'availability' && text !== '') {
    return `https://schema.org/${schemaName(text)
      .split(/[\s_-]+/)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
      .join('')}`;
  }
  if (/date|Date|validThrough|priceValidUntil/.test(name) && text !== '') {
    const parsed = new Date(text);
    if (!Number.isNaN(parsed.getTime())) {
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${parsed.getFullYear()}-${pad(parsed.getMonth() + 1)}-${pad(parsed.getDate())}`;
    }
  }
  return `<${name}: ${text === '' ? 'value' : text}>`;
}

/** Path segments: `offers[1].priceCurrency` → ['offers', 1, 'priceCurrency']. */
function segments(path: string): Array<string | number> {
  const out: Array<string | number> = [];
  for (const part of path.split('.')) {
    const match = /^([^[]+)((?:\[\d+\])*)$/.exec(part);
    if (!match) continue;
    out.push(match[1]!);
    for (const index of match[2]!.matchAll(/\[(\d+)\]/g)) out.push(Number(index[1]));
  }
  return out;
}

/**
 * Sets a value at a path, creating objects on the way. In a cut-down skeleton the arrays of the
 * original are gone, so an index segment addresses a single object instead.
 */
function setPath(target: JsonObject, path: Array<string | number>, value: unknown): void {
  let current: unknown = target;
  path.forEach((segment, i) => {
    const last = i === path.length - 1;
    if (typeof segment === 'number') {
      if (!Array.isArray(current)) return; // cut-down skeleton: stay on the object
      if (last) current[segment] = value;
      else current = current[segment];
      return;
    }
    if (!isObject(current)) return;
    if (last) {
      current[segment] = value;
      return;
    }
    const nextIsIndex = typeof path[i + 1] === 'number';
    if (!isObject(current[segment]) && !(nextIsIndex && Array.isArray(current[segment]))) {
      current[segment] = {};
    }
    current = current[segment];
  });
}

function identity(item: JsonObject): JsonObject {
  const kept: JsonObject = {};
  for (const key of ['@type', '@id', 'name', 'headline']) {
    if (item[key] !== undefined) kept[key] = item[key];
  }
  return kept;
}

export interface SkeletonInput {
  item: JsonObject;
  judgement: Judgement;
  /** Resolves `{"@id"}` references, whose nodes the skeleton writes inline. */
  resolve: (value: unknown) => unknown;
  /** The item inherits its @context from an @graph container or a block. */
  context: unknown;
}

/** The item with its fixes applied, ready to replace the original in its script. */
/**
 * A copy of the value with `{"@id"}` references replaced by copies of their nodes (to a small
 * depth), so a fix lands on the entity the judge read; the ids are collected for the finding.
 */
function inlined(
  value: unknown,
  resolve: SkeletonInput['resolve'],
  ids: Set<string>,
  depth = 0,
): unknown {
  if (Array.isArray(value)) return value.map((entry) => inlined(entry, resolve, ids, depth));
  if (!isObject(value)) return value;
  const target = depth > 0 ? resolve(value) : value;
  if (target !== value && typeof value['@id'] === 'string') ids.add(value['@id']);
  if (!isObject(target) || depth > 4) return structuredClone(target);
  return Object.fromEntries(
    Object.entries(target).map(([key, entry]) => [key, inlined(entry, resolve, ids, depth + 1)]),
  );
}

export function skeletonFor(
  { item, judgement, context, resolve }: SkeletonInput,
  page: PageValues,
): { skeleton: JsonObject; inlinedIds: string[] } {
  const ids = new Set<string>();
  const copy = inlined(item, resolve, ids) as JsonObject;
  const full = JSON.stringify(copy).length <= MAX_COPY_CHARS;
  const base: JsonObject = {
    '@context': context ?? 'https://schema.org',
    ...(full ? copy : identity(copy)),
  };
  const add = (missing: MissingProperty, value: unknown) => {
    setPath(base, segments(missing.path), value);
  };
  for (const missing of judgement.missingRequired) {
    add(missing, fillFor(String(segments(missing.path).at(-1)), page));
  }
  for (const missing of judgement.missingRecommended) {
    const value = pageValueFor(String(segments(missing.path).at(-1)), page);
    if (value !== undefined) add(missing, value);
  }
  for (const invalid of judgement.invalid) fixInvalid(base, invalid, copy, page);
  return { skeleton: base, inlinedIds: [...ids] };
}

function fixInvalid(
  base: JsonObject,
  invalid: InvalidValue,
  original: JsonObject,
  page: PageValues,
): void {
  const path = segments(invalid.property);
  const name = path.filter((segment): segment is string => typeof segment === 'string').at(-1);
  let raw: unknown = original;
  for (const segment of path) {
    raw = isObject(raw) || Array.isArray(raw) ? (raw as Record<string, unknown>)[segment] : raw;
  }
  // A nested entity written as text (offers: "19.99") is replaced by the entity to write.
  const value = invalid.problem.endsWith(' object')
    ? fillFor(name ?? '', page)
    : correctedValue(name ?? '', raw, page);
  setPath(base, path, value);
}
