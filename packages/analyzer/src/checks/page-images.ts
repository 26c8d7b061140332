import { type Document, type Element, elementsByTag } from '../page/dom.ts';
import { elementFlags, HIDDEN, INERT } from '../page/element-flags.ts';
import { attributeText } from './fix-snippets.ts';
import { resolveUrl, SHOWN_CHARS, truncate } from './markup-helpers.ts';

/**
 * What the image checks (image-dimensions, image-lazy-lcp, image-alt) read of an `<img>`: which
 * images the page shows, the size the HTML gives them and whether that size reserves their space
 * before they load. Pure functions of the parsed document; the browser's render loads no images,
 * so a size here is what the markup says, never a measured one.
 */

export interface ImageSize {
  width: number;
  height: number;
}

/** Where a known size was read: the width and height attributes, the inline style, the file name. */
export type SizeSource = 'attributes' | 'style' | 'file name';

export interface KnownSize extends ImageSize {
  source: SizeSource;
}

/**
 * Images a visitor sees: `<img>` outside `<noscript>` (a lazy-loading fallback that duplicates a
 * real image), `<template>` (inert), SVG and MathML, and not hidden by itself or an ancestor.
 */
export function shownImages(doc: Document): Element[] {
  return elementsByTag(doc, 'img').filter((el) => isShownImage(doc, el));
}

export function isShownImage(doc: Document, el: Element): boolean {
  return (elementFlags(doc, el) & (HIDDEN | INERT)) === 0;
}

/** An attribute value read by HTML's rules for parsing dimension values: 120, 120.5, 50%. */
export function parseDimension(
  value: string | undefined,
): { value: number; percent: boolean } | null {
  if (value === undefined) return null;
  const match = /^[\t\n\f\r ]*(\d+(?:\.\d+)?)(%?)/.exec(value);
  return match ? { value: Number(match[1]), percent: match[2] === '%' } : null;
}

/** The inline style's declarations, lower-cased property → value without `!important`. */
export function inlineStyle(el: Element): Map<string, string> {
  const declarations = new Map<string, string>();
  const style = el.attribs.style;
  if (!style) return declarations;
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon === -1) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .replace(/!\s*important/i, '')
      .trim()
      .toLowerCase();
    if (property && value) declarations.set(property, value);
  }
  return declarations;
}

/** A width or height attribute that sizes the image: a non-negative integer (zero included). */
function explicitAttribute(value: string | undefined): boolean {
  return value !== undefined && /^[\t\n\f\r ]*\d/.test(value);
}

/** A CSS property that sizes the image: set to anything but auto or a global keyword. */
function explicitCss(value: string | undefined): boolean {
  return value !== undefined && !['auto', 'initial', 'unset', 'inherit', 'revert'].includes(value);
}

export type ReservedBy = 'attributes' | 'aspect-ratio' | 'style' | 'out of flow';

/**
 * How the page reserves the image's space before it loads, or null when it does not (the rule
 * of Lighthouse's unsized-images audit, on what the HTML shows): a width and a height, each from
 * its attribute or the inline style, or an inline aspect-ratio with one of them. An image taken
 * out of the flow (inline `position: absolute` or `fixed`) shifts nothing and counts as reserved.
 */
export function reservedSpace(el: Element): ReservedBy | null {
  const style = inlineStyle(el);
  const width = explicitAttribute(el.attribs.width) || explicitCss(style.get('width'));
  const height = explicitAttribute(el.attribs.height) || explicitCss(style.get('height'));
  if (explicitAttribute(el.attribs.width) && explicitAttribute(el.attribs.height)) {
    return 'attributes';
  }
  if (width && height) return 'style';
  if ((width || height) && explicitCss(style.get('aspect-ratio'))) return 'aspect-ratio';
  const position = style.get('position');
  if (position === 'absolute' || position === 'fixed') return 'out of flow';
  return null;
}

/** A WordPress-style resized file name, before any query or fragment: photo-800x533.jpg. */
const SIZE_IN_FILE_NAME = /-(\d{2,5})x(\d{2,5})\.(?:jpe?g|png|gif|webp|avif)(?:[?#]|$)/i;

function pixels(value: string | undefined): number | null {
  const match = value === undefined ? null : /^(\d+(?:\.\d+)?)px$/.exec(value);
  return match ? Math.round(Number(match[1])) : null;
}

/**
 * The image's size as the page states it: both width and height attributes in pixels, else an
 * inline style in px, else a resized file name (photo-800x533.jpg); null when nothing says.
 */
export function knownSize(el: Element): KnownSize | null {
  const width = parseDimension(el.attribs.width);
  const height = parseDimension(el.attribs.height);
  if (width && height && !width.percent && !height.percent) {
    return { width: width.value, height: height.value, source: 'attributes' };
  }
  const style = inlineStyle(el);
  const styleWidth = pixels(style.get('width'));
  const styleHeight = pixels(style.get('height'));
  if (styleWidth !== null && styleHeight !== null) {
    return { width: styleWidth, height: styleHeight, source: 'style' };
  }
  const named = SIZE_IN_FILE_NAME.exec((el.attribs.src ?? '').trim());
  if (named) return { width: Number(named[1]), height: Number(named[2]), source: 'file name' };
  return null;
}

/**
 * A large image, the kind that carries content and may be the largest paint: at least
 * 150 px on its short side and 60,000 px² (300 × 200) in all.
 */
export const LARGE_IMAGE_MIN_SIDE = 150;
export const LARGE_IMAGE_MIN_AREA = 300 * 200;

export function isLarge(size: ImageSize): boolean {
  return (
    Math.min(size.width, size.height) >= LARGE_IMAGE_MIN_SIDE &&
    size.width * size.height >= LARGE_IMAGE_MIN_AREA
  );
}

/** File names and classes of images that are never the content: logos, icons, avatars... */
const ICON_LIKE =
  /(?:^|[/_.\s-])(?:logo|icon|favicon|avatar|sprite|badge|emoji|spinner|loader|pixel)s?(?:[/_.\s-]|$)/i;

export function looksLikeIcon(el: Element): boolean {
  return ICON_LIKE.test(el.attribs.src ?? '') || ICON_LIKE.test(el.attribs.class ?? '');
}

/** The address the image loads, as details show it: src, else the first srcset or data-src URL. */
export function imageSource(el: Element, base: URL): string {
  const srcset = (el.attribs.srcset ?? '').trim().split(/\s+/)[0];
  const raw = [el.attribs.src, srcset, el.attribs['data-src']]
    .map((value) => (value ?? '').trim())
    .find((value) => value !== '');
  // Only the shown part is resolved: a data: URI may run to megabytes.
  return raw ? truncate(resolveUrl(raw.slice(0, 4 * SHOWN_CHARS), base)) : '(no src)';
}

/** Longest start tag a fix writes out: a data: URI image is not worth pasting back. */
const MAX_TAG_LENGTH = 600;

/**
 * The element's start tag as the page wrote its attributes, with some removed and others set
 * (appended in the given order); null when it would be too long to paste.
 */
export function startTag(
  el: Element,
  change: { remove?: readonly string[]; set?: Readonly<Record<string, string>> },
): string | null {
  const removed = new Set([...(change.remove ?? []), ...Object.keys(change.set ?? {})]);
  const attributes = Object.entries(el.attribs)
    .filter(([name]) => !removed.has(name))
    .concat(Object.entries(change.set ?? {}))
    .map(([name, value]) => ` ${name}="${attributeText(value)}"`);
  const tag = `<${el.name}${attributes.join('')}>`;
  return tag.length <= MAX_TAG_LENGTH ? tag : null;
}
