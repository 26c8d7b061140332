import type { Check, CheckOutcome } from './check.ts';
import { withFix } from './fix-snippets.ts';
import { formatBytes } from './page-weight.ts';
import { COMPRESSION_CONFIG, SERVER_LABELS, serverKind } from './server-fixes.ts';

/**
 * `html-compression` (performance): an HTML document over 10 KB sent without a Content-Encoding
 * warns when the request accepted gzip or br (the fetch asks for gzip, deflate and br like a
 * browser, and the artifact records it), so an uncompressed answer means the server does not
 * compress HTML at all; text shrinks to a fifth or
 * less with gzip, which is time saved on every visit and every crawl. A document of 10 KB or
 * less passes either way: compressing it saves less than a round trip. The document's cache
 * headers (Cache-Control, Expires, ETag, Last-Modified, Age, Vary) are reported in the details,
 * without a verdict: caching HTML is the site's call.
 */

/** Below this an uncompressed document costs little: about what one TCP round trip carries. */
export const COMPRESSION_MIN_BYTES = 10 * 1024;

const CACHE_HEADERS = ['cache-control', 'expires', 'etag', 'last-modified', 'age', 'vary'] as const;

/** The content codings that compress (identity is the absence of one). */
function compression(contentEncoding: string | null): string | null {
  const codings = (contentEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity');
  return codings.length > 0 ? codings.join(', ') : null;
}

/** The request accepted gzip or br (a q of 0 refuses a coding). */
function acceptsCompression(acceptEncoding: string): boolean {
  return acceptEncoding
    .toLowerCase()
    .split(',')
    .some((entry) => {
      const [coding = '', ...params] = entry.split(';').map((part) => part.trim());
      const refused = params.some((param) => /^q=0(\.0*)?$/.test(param));
      return (coding === 'gzip' || coding === 'br') && !refused;
    });
}

export const htmlCompression: Check = {
  meta: {
    id: 'html-compression',
    title: 'HTML compression',
    why: 'Browsers and crawlers ask for compressed responses (gzip or Brotli), which shrink HTML to a fifth of its size or less. A server that sends the HTML uncompressed makes every visit and every crawl download several times more than it needs.',
    howToFix:
      'Turn on gzip or Brotli compression for text/html (and CSS, JavaScript and JSON) in the web server or CDN.',
    fixSnippet:
      'the configuration that turns compression on for the server named in the Server or X-Powered-By header: nginx, Apache, Caddy, IIS or Express; absent for another or a hidden server.',
    rule: `An HTML document larger than ${COMPRESSION_MIN_BYTES / 1024} KB (decoded) answered without a compressing Content-Encoding to a request that accepted gzip or br (Crawlwise asks for "gzip, deflate, br") is a warning; a compressed or smaller document passes. The document's cache headers are reported in the details.`,
    sources: [
      {
        title: 'Lighthouse: Enable text compression',
        url: 'https://developer.chrome.com/docs/lighthouse/performance/uses-text-compression',
      },
      {
        title: 'RFC 9110, HTTP Semantics: Content-Encoding',
        url: 'https://www.rfc-editor.org/rfc/rfc9110#name-content-encoding',
      },
    ],
  },
  run(page): CheckOutcome {
    const { decodedBytes, rawBytes, contentEncoding, acceptEncoding, headers } =
      page.artifacts.fetch;
    const cache: Record<string, string | null> = {};
    for (const name of CACHE_HEADERS) cache[name] = headers[name] ?? null;
    const encoding = compression(contentEncoding);
    const details = {
      decodedBytes,
      rawBytes,
      contentEncoding,
      acceptEncoding,
      cache,
    };
    const size = formatBytes(decodedBytes);

    if (encoding !== null) {
      return {
        severity: 'success',
        message: `The HTML is sent compressed (${encoding}: ${size} → ${formatBytes(rawBytes)})`,
        details,
      };
    }
    if (!acceptsCompression(acceptEncoding)) {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: 'The request did not accept compressed HTML',
        details,
      };
    }
    if (decodedBytes <= COMPRESSION_MIN_BYTES) {
      return {
        severity: 'success',
        message: `The HTML is sent uncompressed, but it is small (${size})`,
        why: `Compression saves little on a document of ${COMPRESSION_MIN_BYTES / 1024} KB or less; it matters once pages grow.`,
        details,
      };
    }
    const kind = serverKind(headers);
    return withFix(
      {
        severity: 'warning',
        message: `The HTML is sent uncompressed (${size})`,
        why: `The fetch accepted gzip and Brotli, yet the server sent the ${size} of HTML as they are; compressed, HTML usually shrinks to a fifth of its size or less, so every visit and every crawl downloads several times more than it needs.`,
        details,
      },
      kind === null
        ? null
        : {
            howToFix: `Turn compression on in ${SERVER_LABELS[kind]}:\n${COMPRESSION_CONFIG[kind]}`,
            fixSnippet: COMPRESSION_CONFIG[kind],
          },
    );
  },
};
