/**
 * Content sniffing for responses whose headers do not settle what they are.
 */

/** Tag openings the WHATWG MIME sniffing standard treats as HTML ("identify an unknown type"). */
const HTML_OPENINGS = [
  '<!doctype html',
  '<html',
  '<head',
  '<script',
  '<iframe',
  '<h1',
  '<div',
  '<font',
  '<table',
  '<a',
  '<style',
  '<title',
  '<b',
  '<body',
  '<br',
  '<p',
  '<!--',
];

/** True when the bytes start (after a UTF-8 BOM and whitespace) like an HTML document. */
export function looksLikeHtml(bytes: Uint8Array): boolean {
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  while (start < bytes.length && [0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(bytes[start]!)) start++;
  const head = Buffer.from(bytes.subarray(start, start + 32))
    .toString('latin1')
    .toLowerCase();
  return HTML_OPENINGS.some((opening) => {
    if (!head.startsWith(opening)) return false;
    // The pattern must end the tag name (WHATWG: space or '>'; we also accept other whitespace): "<br" matches "<br>" or "<br " but not "<bread".
    const after = head.charAt(opening.length);
    return opening === '<!--' || after === '' || /[\s>]/.test(after);
  });
}

/**
 * Signatures of binary files that are sometimes served as text/html, written so that they match
 * the decoded text whatever single-byte or UTF-8 decoding it went through (a byte above 0x7f
 * becomes one character either way, so it is skipped, never compared).
 */
const BINARY_SIGNATURES: ReadonlyArray<(text: string) => boolean> = [
  // gzip: 1f 8b 08 (a body compressed twice).
  (text) => text.charCodeAt(0) === 0x1f && text.charCodeAt(2) === 0x08,
  // PNG: 89 "PNG" 0d 0a 1a 0a.
  (text) => text.startsWith('PNG\r\n\u001a\n', 1),
  (text) => text.startsWith('GIF87a') || text.startsWith('GIF89a'),
  (text) => text.startsWith('%PDF-'),
  // ZIP (also docx, xlsx, epub), RAR.
  (text) => text.startsWith('PK\u0003\u0004') || text.startsWith('Rar!\u001a\u0007'),
  // RIFF containers: WebP, WAV, AVI.
  (text) => text.startsWith('RIFF') && /^(?:WEBP|WAVE|AVI )/.test(text.slice(8, 12)),
];

/** Characters of the text that the density test reads. */
const SAMPLE_CHARS = 4096;
/** Share of suspicious characters above which a sample is binary. */
const BINARY_SHARE = 0.1;
/** ...and the fewest of them: a short page with a stray NUL or two is still a page. */
const MIN_SUSPICIOUS = 8;

/**
 * Characters that text does not hold but binary data decoded as text does: the WHATWG MIME
 * sniffing standard's "binary data bytes" (C0 controls other than tab, line feed, form feed,
 * carriage return and escape), C1 controls (what single-byte decodings make of many bytes
 * above 0x7f) and U+FFFD (what UTF-8 decoding makes of invalid bytes).
 */
function isSuspicious(code: number): boolean {
  if (code < 0x20)
    return code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d && code !== 0x1b;
  return (code >= 0x80 && code <= 0x9f) || code === 0xfffd;
}

/**
 * True when decoded text is clearly binary — an image, an archive or a doubly compressed body
 * served as text/html: it starts with a known binary signature, or more than a tenth of its
 * first 4096 characters are control characters or decoding errors (compressed data decoded as
 * windows-1252 has about 12%, as UTF-8 over 40%; pages well under 1%).
 *
 * A NUL alone does not make a page binary: browsers and Google parse such pages, and the HTML
 * parsing algorithm says what becomes of the NULs (parseHtml follows it).
 */
export function looksBinary(text: string): boolean {
  if (BINARY_SIGNATURES.some((matches) => matches(text))) return true;
  const sample = text.slice(0, SAMPLE_CHARS);
  let suspicious = 0;
  for (let i = 0; i < sample.length; i++) {
    if (isSuspicious(sample.charCodeAt(i))) suspicious++;
  }
  return suspicious >= MIN_SUSPICIOUS && suspicious > sample.length * BINARY_SHARE;
}
