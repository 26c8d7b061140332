import { type Document, elementsByTag, textContent } from '../page/dom.ts';
import { linkLookup, metaValues } from '../page/metadata.ts';
import type { PageContext } from '../page/page-context.ts';
import { selfCanonical } from './canonical.ts';
import { attributeText, type Fix, firstText, trimAtWordBoundary } from './fix-snippets.ts';
import { documentTitle, isAbsoluteHttpUrl, listPhrase, resolveUrl } from './markup-helpers.ts';

/**
 * The fixes of the `open-graph` and `twitter-card` findings: the missing tags prefilled from the
 * page — title from `<title>` (else the first h1), description from the meta description, image
 * from the first `<img>` (made absolute), URL from the canonical (else the page address) — and
 * relative URLs made absolute. A tag the page has no value for is named in `howToFix` and left
 * out of the snippet rather than pasted with a dummy value.
 */

/** Longest description the snippet writes; cards show about two lines. */
const CARD_DESCRIPTION_MAX = 200;

interface SocialValues {
  title: string | null;
  description: string | null;
  image: string | null;
  url: string;
  type: string;
}

/**
 * A `<meta>` of an RDFa vocabulary other than og: (article:published_time...), named by
 * `property` as ogp.me writes it or by `name`; metadata.ts reads only `name` for those.
 */
export function propertyValue(doc: Document, key: string): string | null {
  for (const el of elementsByTag(doc, 'meta')) {
    const named = (el.attribs.property ?? el.attribs.name ?? '').trim().toLowerCase();
    if (named === key) return firstText(el.attribs.content?.trim());
  }
  return null;
}

function absolute(value: string | null, page: PageContext): string | null {
  if (value === null) return null;
  const resolved = resolveUrl(value, page.url);
  return isAbsoluteHttpUrl(resolved) ? resolved : null;
}

function socialValues(page: PageContext): SocialValues {
  const doc = page.document;
  const meta = (key: string) => metaValues(doc, key)[0] || null;
  const h1 = elementsByTag(doc, 'h1')[0];
  const image = elementsByTag(doc, 'img')
    .map((img) => (img.attribs.src ?? '').trim())
    .find((src) => src !== '' && !src.startsWith('data:'));
  const canonicalHref = linkLookup(doc, 'canonical').head[0]?.attribs.href;
  const description = firstText(meta('description'), meta('twitter:description'));
  return {
    title: firstText(documentTitle(doc), h1 ? textContent(h1) : null, meta('twitter:title')),
    description:
      description === null ? null : trimAtWordBoundary(description, CARD_DESCRIPTION_MAX),
    image: absolute(firstText(meta('twitter:image'), image ?? null), page),
    url: absolute(canonicalHref ?? null, page) ?? selfCanonical(page.url),
    type: propertyValue(doc, 'article:published_time') ? 'article' : 'website',
  };
}

const tag = (attribute: 'property' | 'name', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${attributeText(content)}">`;

/** The tags to paste and the sentence that introduces them; null when there is nothing to write. */
function fixOf(lines: string[], lacking: string[], intro: string): Fix | null {
  const note =
    lacking.length > 0
      ? ` The page has no value for ${listPhrase(lacking)}; add ${lacking.length === 1 ? 'it' : 'them'} by hand.`
      : '';
  if (lines.length === 0) return note === '' ? null : { howToFix: note.trim() };
  const fixSnippet = lines.join('\n');
  return {
    howToFix: `${intro} (prefilled from the page; check the wording):\n${fixSnippet}${note}`,
    fixSnippet,
  };
}

export function openGraphFix(
  page: PageContext,
  missing: readonly string[],
  invalid: readonly string[],
  current: Readonly<Record<string, string | null>>,
): Fix | null {
  const values = socialValues(page);
  const derived: Record<string, string | null> = {
    'og:title': values.title,
    'og:description': values.description,
    'og:image': values.image,
    'og:url': values.url,
    'og:type': values.type,
  };
  const lines: string[] = [];
  const lacking: string[] = [];
  for (const key of missing) {
    const value = derived[key] ?? null;
    if (value === null) lacking.push(key);
    else lines.push(tag('property', key, value));
  }
  for (const key of invalid) {
    const value = absolute(current[key] ?? null, page);
    if (value === null) lacking.push(key);
    else lines.push(tag('property', key, value));
  }
  return fixOf(lines, lacking, 'Add these tags to <head>, replacing any with the same property');
}

export function twitterCardFix(
  page: PageContext,
  card: { missing: boolean; unknown: boolean },
  missingFields: readonly string[],
  invalidImage: { value: string; key: string } | null,
): Fix | null {
  const values = socialValues(page);
  const lines: string[] = [];
  const lacking: string[] = [];
  if (card.missing || card.unknown) {
    lines.push(tag('name', 'twitter:card', values.image ? 'summary_large_image' : 'summary'));
  }
  const derived: Record<string, string | null> = {
    title: values.title,
    description: values.description,
    image: values.image,
  };
  for (const field of missingFields) {
    const value = derived[field] ?? null;
    if (value === null) lacking.push(`twitter:${field}`);
    else lines.push(tag('name', `twitter:${field}`, value));
  }
  if (invalidImage) {
    const value = absolute(invalidImage.value, page);
    if (value === null) lacking.push(invalidImage.key);
    else
      lines.push(
        tag(invalidImage.key.startsWith('og:') ? 'property' : 'name', invalidImage.key, value),
      );
  }
  return fixOf(lines, lacking, 'Add these tags to <head>, replacing any with the same name');
}
