import { FETCH_TIMEOUT_MS, MAX_PAGE_BYTES, MAX_REDIRECTS } from '@crawlwise/shared/limits';
import { AnalysisError } from '../analysis-error.ts';
import type { AddressGuard, FetchArtifact } from '../types.ts';
import { decodeHtml, UnsupportedEncoding } from './charset.ts';
import { clip } from './clip.ts';
import { httpStatusError } from './fetch-errors.ts';
import { guardedFetch, type ResponseHead } from './http-fetch.ts';
import type { TlsOptions } from './pinned-client.ts';
import { ACCEPT_ENCODING } from './read-body.ts';
import { looksBinary, looksLikeHtml } from './sniff.ts';

export { guardedFetch } from './http-fetch.ts';

export const DEFAULT_USER_AGENT =
  'Mozilla/5.0 (compatible; CrawlwiseBot/1.0; +https://crawlwise.app/about)';

/** Media types that are a web page. Anything else is refused before its body is read. */
export const HTML_CONTENT_TYPES: ReadonlySet<string> = new Set([
  'text/html',
  'application/xhtml+xml',
]);

const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';

export interface FetchPageOptions {
  guard: AddressGuard;
  userAgent?: string;
  /** One deadline for DNS, every redirect hop and the whole body. */
  timeoutMs?: number;
  /** Limit on the decoded (decompressed) body. */
  maxBytes?: number;
  maxRedirects?: number;
  /** The caller's cancellation; its reason is rethrown as is (not turned into an AnalysisError). */
  signal?: AbortSignal;
  /** Test hook: trust this CA instead of the system ones. Verification always stays on. */
  tls?: TlsOptions;
}

/**
 * Fetches a page the way a crawler sees it. Throws AnalysisError with a catalogue code.
 *
 * Decisions: only a 2xx final response is a page (403/404/410/429/5xx get their http_error_*
 * code, other statuses fetch_failed). A response without Content-Type is accepted when its body
 * starts like HTML (WHATWG MIME sniffing patterns) or is empty; its `contentType` is then ''.
 * `contentType` is the media type without parameters; the raw header stays in `headers`.
 */
export async function fetchPage(
  url: string | URL,
  options: FetchPageOptions,
): Promise<FetchArtifact> {
  const raw = await guardedFetch(url, {
    guard: options.guard,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    accept: HTML_ACCEPT,
    timeoutMs: options.timeoutMs ?? FETCH_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? MAX_PAGE_BYTES,
    maxRedirects: options.maxRedirects ?? MAX_REDIRECTS,
    overflow: 'error',
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
    onResponse: acceptHtmlPage,
  });

  if (!raw.contentType.mime && raw.body.length > 0 && !looksLikeHtml(raw.body)) {
    throw new AnalysisError(
      'invalid_content_type',
      'The server sent no Content-Type and the content does not look like HTML.',
    );
  }
  let decoded: ReturnType<typeof decodeHtml>;
  try {
    decoded = decodeHtml(raw.body, raw.contentType.charset);
  } catch (error) {
    if (!(error instanceof UnsupportedEncoding)) throw error;
    throw new AnalysisError('parse_error', `${error.message}.`, { cause: error });
  }
  if (looksBinary(decoded.text)) {
    throw new AnalysisError(
      'parse_error',
      'The page content is binary data, not readable HTML (is it compressed twice?).',
    );
  }

  return {
    requestedUrl: raw.requestedUrl,
    finalUrl: raw.finalUrl,
    status: raw.status,
    headers: raw.headers,
    redirects: raw.redirects,
    ttfbMs: raw.ttfbMs,
    totalMs: raw.totalMs,
    tls: raw.tls,
    rawBytes: raw.rawBytes,
    decodedBytes: raw.decodedBytes,
    contentEncoding: raw.contentEncoding,
    // guardedFetch always asks for these (http-fetch.ts).
    acceptEncoding: ACCEPT_ENCODING,
    contentType: raw.contentType.mime,
    charset: decoded.charset,
    byteOrderMark: decoded.bom,
    html: decoded.text,
    fetchedAt: raw.fetchedAt,
  };
}

/** Status first (a 404 page is a 404 whatever its type), then the type, before the body. */
function acceptHtmlPage(head: ResponseHead): 'read' {
  const statusError = httpStatusError(head.status, head.headers);
  if (statusError) throw statusError;
  const { mime } = head.contentType;
  if (mime && !HTML_CONTENT_TYPES.has(mime)) {
    throw new AnalysisError(
      'invalid_content_type',
      `The address returns ${clip(mime, 60)}, not an HTML page.`,
    );
  }
  return 'read';
}
