import { describe, expect, it } from 'vitest';
import { DeadlineExceeded } from './deadline.ts';
import { errorCodes, httpStatusError, toAnalysisError } from './fetch-errors.ts';
import { looksBinary, looksLikeHtml } from './sniff.ts';

const context = { url: new URL('https://example.com/page'), timedOut: false, timeoutMs: 10_000 };
const withCode = (code: string, message = code, cause?: unknown) =>
  Object.assign(new Error(message, cause ? { cause } : undefined), { code });

describe('toAnalysisError', () => {
  it.each([
    'CERT_HAS_EXPIRED',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'ERR_TLS_CERT_ALTNAME_INVALID',
    'ERR_SSL_WRONG_VERSION_NUMBER',
  ])('maps %s to ssl_error', (code) => {
    expect(toAnalysisError(withCode(code), context).code).toBe('ssl_error');
  });

  it('finds a certificate code on a cause', () => {
    const wrapped = withCode('UND_ERR_SOCKET', 'other side closed', withCode('CERT_HAS_EXPIRED'));
    expect(errorCodes(wrapped)).toEqual(['UND_ERR_SOCKET', 'CERT_HAS_EXPIRED']);
    expect(toAnalysisError(wrapped, context).code).toBe('ssl_error');
  });

  it.each(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'ETIMEDOUT'])(
    'maps %s to fetch_timeout',
    (code) => {
      expect(toAnalysisError(withCode(code), context).code).toBe('fetch_timeout');
    },
  );

  it('maps the deadline to fetch_timeout whatever undici threw', () => {
    const error = toAnalysisError(withCode('UND_ERR_ABORTED'), { ...context, timedOut: true });
    expect(error.code).toBe('fetch_timeout');
    expect(error.message).toBe('example.com did not finish answering within 10 seconds.');
    expect(toAnalysisError(new DeadlineExceeded(3000), context).code).toBe('fetch_timeout');
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'UND_ERR_SOCKET', 'HPE_INVALID_CONSTANT'])(
    'maps %s to fetch_failed naming the code',
    (code) => {
      const error = toAnalysisError(withCode(code), context);
      expect(error.code).toBe('fetch_failed');
      expect(error.message).toContain(code);
    },
  );
});

describe('httpStatusError', () => {
  it('accepts every 2xx', () => {
    for (const status of [200, 201, 203, 204, 206]) expect(httpStatusError(status)).toBeNull();
  });

  it('names statuses without a standard phrase', () => {
    expect(httpStatusError(599)?.message).toBe('The server answered HTTP 599.');
    expect(httpStatusError(599)?.code).toBe('http_error_500');
  });
});

describe('sniffing', () => {
  it.each([
    '<!DOCTYPE html>',
    '\ufeff<html lang="en">',
    '  \n<HEAD>',
    '<!-- comment -->',
    '<p>',
    '<br>',
  ])('sees HTML in %j', (text) => {
    expect(looksLikeHtml(Buffer.from(text))).toBe(true);
  });

  it.each(['{"json":1}', '<?xml version="1.0"?>', '<bread>', 'plain text', ''])(
    'sees no HTML in %j',
    (text) => {
      expect(looksLikeHtml(Buffer.from(text))).toBe(false);
    },
  );

  it('spots binary text but tolerates stray control characters', () => {
    expect(looksBinary('\u001f\u008b\u0008\u0000\u0000')).toBe(true);
    expect(looksBinary(`<p>${'text '.repeat(100)}\u0007</p>`)).toBe(false);
    expect(looksBinary('')).toBe(false);
  });
});
