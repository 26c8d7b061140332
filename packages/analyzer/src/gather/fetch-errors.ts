import { STATUS_CODES } from 'node:http';
import { AnalysisError } from '../analysis-error.ts';
import { clip } from './clip.ts';
import { DeadlineExceeded } from './deadline.ts';
import { parseRetryAfter } from './retry-after.ts';

/**
 * Turns what undici, net, tls and zlib throw into catalogue errors. Socket errors carry their
 * code on the error itself or on a `cause`; certificate problems use OpenSSL's verify codes.
 */

const CERT_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'INVALID_CA',
  'INVALID_PURPOSE',
  'PATH_LENGTH_EXCEEDED',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The error, its causes and aggregated errors, outermost first. */
function errorChain(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object' || chain.includes(value)) return;
    const link = value as ErrorLike;
    chain.push(link);
    visit(link.cause);
    if (Array.isArray(link.errors)) for (const inner of link.errors) visit(inner);
  };
  visit(error);
  return chain;
}

/** Every `code` in the error chain, outermost first. */
export function errorCodes(error: unknown): string[] {
  return errorChain(error).flatMap((e) => (typeof e.code === 'string' ? [e.code] : []));
}

export function isTlsError(codes: string[]): boolean {
  return codes.some(
    (code) => CERT_CODES.has(code) || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_'),
  );
}

export interface FailureContext {
  url: URL;
  timedOut: boolean;
  timeoutMs: number;
}

/** Maps a failure of the request/response exchange (not an HTTP status) to a catalogue error. */
export function toAnalysisError(error: unknown, context: FailureContext): AnalysisError {
  if (error instanceof AnalysisError) return error;
  const host = clip(context.url.host);
  if (context.timedOut || error instanceof DeadlineExceeded) {
    return new AnalysisError(
      'fetch_timeout',
      `${host} did not finish answering within ${formatSeconds(context.timeoutMs)}.`,
      { cause: error },
    );
  }
  const codes = errorCodes(error);
  const code = codes[0] ?? 'unknown error';
  if (isTlsError(codes)) {
    // OpenSSL's text can list every name in the certificate.
    const reason = clip((error as Error).message || code, 200);
    return new AnalysisError('ssl_error', `The certificate of ${host} was refused: ${reason}.`, {
      cause: error,
    });
  }
  if (codes.some((c) => TIMEOUT_CODES.has(c))) {
    return new AnalysisError('fetch_timeout', `${host} did not answer in time (${code}).`, {
      cause: error,
    });
  }
  // undici's HTTPParserError sometimes carries no code, only its name.
  const malformed =
    codes.some((c) => c.startsWith('HPE_') || c === 'UND_ERR_HEADERS_OVERFLOW') ||
    errorChain(error).some((e) => e.name === 'HTTPParserError');
  if (malformed) {
    const what = codes[0] ?? 'not HTTP/1.1';
    return new AnalysisError('fetch_failed', `${host} sent a malformed HTTP response (${what}).`, {
      cause: error,
    });
  }
  return new AnalysisError('fetch_failed', `Could not connect to ${host} (${code}).`, {
    cause: error,
  });
}

export function statusText(status: number): string {
  const phrase = STATUS_CODES[status];
  return phrase ? `HTTP ${status} ${phrase}` : `HTTP ${status}`;
}

/**
 * The error for a final response that is not a page. Only 2xx is a page. 429 is reported as
 * "unavailable" (try again later) like 503, carrying the wait its `Retry-After` asks for; every
 * 5xx but 503 as a server error.
 */
export function httpStatusError(
  status: number,
  headers: Readonly<Record<string, string>> = {},
): AnalysisError | null {
  if (status >= 200 && status < 300) return null;
  const message = `The server answered ${statusText(status)}.`;
  if (status === 403) return new AnalysisError('http_error_403', message);
  if (status === 404 || status === 410) return new AnalysisError('http_error_404', message);
  if (status === 503 || status === 429) {
    const retryAfterMs = parseRetryAfter(headers['retry-after']);
    return new AnalysisError('http_error_503', message, { retryAfterMs });
  }
  if (status >= 500 && status < 600) return new AnalysisError('http_error_500', message);
  return new AnalysisError('fetch_failed', message);
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} second${seconds === 1 ? '' : 's'}`;
}
