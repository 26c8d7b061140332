import { type Document, type Element, elementsByTag, isInside } from '../page/dom.ts';
import type { Check, CheckOutcome } from './check.ts';
import { withFix } from './fix-snippets.ts';

/**
 * `charset` (metadata): the page declares its character encoding where a browser looks before it
 * reads the text: the Content-Type header's charset, a byte order mark, or a `<meta charset>` (or
 * `<meta http-equiv="Content-Type">`) wholly within the first 1024 bytes, which is as far as the
 * HTML prescan reads. A page that declares none, or declares it later, leaves the browser to
 * guess (and to re-read the page when it finds the declaration), which garbles accented letters
 * and symbols for some visitors: a warning. A header and a meta that name different encodings
 * also warn (the header wins, so one of them is wrong). An encoding other than UTF-8 is reported
 * in the message but not judged. Labels are read as browsers read them (TextDecoder knows the
 * WHATWG Encoding Standard's labels); an unknown label declares nothing.
 */

/** How far the HTML encoding prescan reads. */
export const PRESCAN_BYTES = 1024;

/** The encoding a label names (WHATWG Encoding Standard), or null for an unknown label. */
export function encodingOf(label: string): string | null {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

function headerCharset(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '');
  return match ? match[1]! : null;
}

/** The charset a meta declares: `<meta charset>` or `<meta http-equiv="Content-Type">`. */
function metaCharset(el: Element): string | null {
  if (el.attribs.charset !== undefined) return el.attribs.charset.trim() || null;
  if ((el.attribs['http-equiv'] ?? '').trim().toLowerCase() !== 'content-type') return null;
  return headerCharset(el.attribs.content);
}

const SINGLE_BYTE = /^(windows-|iso-8859-|koi8|ibm866|macintosh|x-mac)/i;

/**
 * Bytes of the text in the page's encoding: exact for UTF-8 and single-byte encodings; for the
 * other multi-byte ones each non-ASCII character counts two bytes (what most of them use).
 */
function byteLength(text: string, encoding: string): number {
  if (/^utf-8$/i.test(encoding)) return Buffer.byteLength(text, 'utf8');
  if (SINGLE_BYTE.test(encoding)) return text.length;
  let bytes = 0;
  for (const char of text) bytes += char.charCodeAt(0) < 0x80 ? 1 : 2;
  return bytes;
}

interface MetaDeclaration {
  label: string;
  encoding: string | null;
  /** Where the meta tag ends, in bytes from the start of the document. */
  endsAtByte: number;
}

function firstMetaDeclaration(
  doc: Document,
  html: string,
  encoding: string,
): MetaDeclaration | null {
  for (const el of elementsByTag(doc, 'meta')) {
    if (isInside(doc, el, 'template')) continue;
    const label = metaCharset(el);
    if (label === null) continue;
    const start = el.startIndex ?? 0;
    const close = html.indexOf('>', start);
    const end = close === -1 ? html.length : close + 1;
    return {
      label,
      encoding: encodingOf(label),
      endsAtByte: byteLength(html.slice(0, end), encoding),
    };
  }
  return null;
}

export const META_CHARSET = '<meta charset="utf-8">';

export const charset: Check = {
  meta: {
    id: 'charset',
    title: 'Character encoding',
    why: "Browsers must know how the page's bytes map to letters before they read it. Without an encoding in the Content-Type header or a <meta charset> in the first 1024 bytes they guess, and accented letters, quotes and symbols can come out garbled.",
    howToFix:
      'Make <meta charset="utf-8"> the first element in <head> (and save the page as UTF-8), or send Content-Type: text/html; charset=utf-8.',
    fixSnippet:
      'the <meta charset> to make the first element of <head>, naming the encoding the page was read in.',
    rule: 'The encoding must be declared by the Content-Type header\'s charset, a byte order mark, or a <meta charset> / <meta http-equiv="Content-Type"> that ends within the first 1024 bytes of the document, with a label the Encoding Standard knows. None, or a meta only after 1024 bytes, is a warning; so is a header and a meta that name different encodings. An encoding other than UTF-8 is reported, not judged.',
    sources: [
      {
        title: "HTML Standard: specifying the document's character encoding",
        url: 'https://html.spec.whatwg.org/multipage/semantics.html#charset',
      },
      {
        title: 'Lighthouse: Charset declaration is missing or occurs too late in the HTML',
        url: 'https://developer.chrome.com/docs/lighthouse/best-practices/charset',
      },
      {
        title: 'W3C Internationalization: Declaring character encodings in HTML',
        url: 'https://www.w3.org/International/questions/qa-html-encoding-declarations',
      },
    ],
  },
  run(page): CheckOutcome {
    const { headers, html, charset: readAs, byteOrderMark } = page.artifacts.fetch;
    const headerLabel = headerCharset(headers['content-type']);
    const header = headerLabel === null ? null : encodingOf(headerLabel);
    const meta = firstMetaDeclaration(page.document, html, readAs);
    const details = { header: headerLabel, byteOrderMark, meta, readAs };
    const notUtf8 = /^utf-8$/i.test(readAs)
      ? ''
      : ` (${readAs}; UTF-8 is what the HTML standard asks for)`;

    if (header !== null && meta?.encoding && meta.encoding !== header && !byteOrderMark) {
      return {
        severity: 'warning',
        message: `The Content-Type header says ${header}, the page's meta says ${meta.encoding}`,
        why: `Browsers follow the header and read the page as ${header}; if the page was saved as ${meta.encoding}, its accented letters and symbols come out garbled. Make the two agree, on UTF-8 if you can.`,
        details,
      };
    }
    if (header !== null || byteOrderMark) {
      return {
        severity: 'success',
        message: `Encoding declared by the ${header !== null ? 'Content-Type header' : 'byte order mark'}${notUtf8}`,
        details,
      };
    }
    if (meta?.encoding && meta.endsAtByte <= PRESCAN_BYTES) {
      return {
        severity: 'success',
        message: `Encoding declared by <meta charset>${notUtf8}`,
        details,
      };
    }
    if (meta?.encoding) {
      const tag = `<meta charset="${meta.label.toLowerCase()}">`;
      return withFix(
        {
          severity: 'warning',
          message: `The encoding is declared too late (byte ${meta.endsAtByte})`,
          why: `Browsers look for the encoding in the first ${PRESCAN_BYTES} bytes only; this page declares it after byte ${meta.endsAtByte}, so they first guess, and may read the page again or garble its letters. Move the declaration to the start of <head>.`,
          details,
        },
        {
          howToFix: `Move the declaration to be the first element of <head>:\n${tag}`,
          fixSnippet: tag,
        },
      );
    }
    return withFix(
      {
        severity: 'warning',
        message: 'No character encoding declared',
        why: `Neither the Content-Type header nor the page says how its bytes map to letters${meta ? ` (the meta names "${meta.label}", which browsers do not know)` : ''}, so browsers guess, and accented letters, quotes and symbols can come out garbled.`,
        details,
      },
      {
        howToFix: `Save the page as UTF-8 (most editors and frameworks do) and make this the first element of <head>:\n${META_CHARSET}`,
        fixSnippet: META_CHARSET,
      },
    );
  },
};
