// These two packages ship no type declarations; their signatures are given here rather than
// in a global module declaration. A static import (not createRequire) lets the CLI's bundle
// include them (scripts/build-cli.mjs).
// @ts-expect-error: no type declarations (see above)
import sniffHtmlEncodingUntyped from 'html-encoding-sniffer';
// @ts-expect-error: no type declarations (see above)
import whatwgEncodingUntyped from 'whatwg-encoding';

/**
 * Content-Type parsing and the HTML encoding sniffing algorithm: BOM, then the HTTP charset, then
 * a <meta> prescan of the first 1024 bytes, then windows-1252 (what browsers fall back to for
 * unlabelled Western pages, so "smart quotes" come out as the author saw them).
 */

const sniffHtmlEncoding = sniffHtmlEncodingUntyped as (
  bytes: Uint8Array,
  options?: { transportLayerEncodingLabel?: string; defaultEncoding?: string },
) => string;
const whatwgEncoding = whatwgEncodingUntyped as {
  decode(bytes: Uint8Array, fallbackEncodingName: string): string;
  labelToName(label: string): string | null;
  getBOMEncoding(bytes: Uint8Array): string | null;
  isSupported(name: string): boolean;
};

export const DEFAULT_HTML_ENCODING = 'windows-1252';

/**
 * UTF-8, most of the web, is decoded by Node's WHATWG TextDecoder: it gives what whatwg-encoding
 * (iconv-lite) gives — the BOM dropped, each maximal malformed sequence one U+FFFD, which
 * charset.test.ts holds — without iconv-lite loading the code pages of every encoding on its
 * first decode, a tenth of a one-page CLI run's CPU (issue 23).
 */
const utf8 = new TextDecoder('utf-8');

export interface ContentType {
  /** Lower-cased type/subtype, '' when the header is missing or unparseable. */
  mime: string;
  /** The charset parameter as sent, or null. */
  charset: string | null;
}

export function parseContentType(header: string | undefined | null): ContentType {
  if (!header) return { mime: '', charset: null };
  const [essence = '', ...params] = header.split(';');
  const mime = essence.trim().toLowerCase();
  let charset: string | null = null;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq === -1) continue;
    if (param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    charset = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    break;
  }
  return { mime: /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/.test(mime) ? mime : '', charset };
}

export class UnsupportedEncoding extends Error {
  override readonly name = 'UnsupportedEncoding';
}

/**
 * Picks the encoding like a browser would and decodes; the BOM, if any, is not in the text, and
 * `bom` says whether there was one (it declares the encoding, ahead of the header).
 */
export function decodeHtml(
  bytes: Uint8Array,
  headerCharset: string | null,
): { charset: string; text: string; bom: boolean } {
  const charset = sniffHtmlEncoding(bytes, {
    ...(headerCharset ? { transportLayerEncodingLabel: headerCharset } : {}),
    defaultEncoding: DEFAULT_HTML_ENCODING,
  });
  // 'replacement' (ISO-2022-KR and friends) is the only name the sniffer can return that has no
  // decoder: the WHATWG answer is one U+FFFD, which is no page at all.
  if (!whatwgEncoding.isSupported(charset)) {
    throw new UnsupportedEncoding(`The character encoding ${charset} cannot be decoded`);
  }
  const bomEncoding = whatwgEncoding.getBOMEncoding(bytes);
  return {
    charset,
    text:
      (bomEncoding ?? charset) === 'UTF-8'
        ? utf8.decode(bytes)
        : whatwgEncoding.decode(bytes, charset),
    bom: bomEncoding !== null,
  };
}
