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
 * True when decoded text is clearly binary (an image or a doubly compressed body served as
 * text/html): a NUL, or many control characters, among the first 1024 characters. Real pages may
 * hold a stray control character; they do not hold NULs.
 */
export function looksBinary(text: string): boolean {
  const head = text.slice(0, 1024);
  if (!head) return false;
  let suspicious = 0;
  for (let i = 0; i < head.length; i++) {
    const code = head.charCodeAt(i);
    if (code === 0) return true;
    const isControl =
      code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d;
    if (isControl || code === 0xfffd) suspicious++;
  }
  return suspicious / head.length > 0.1;
}
