import type { ErrorBody } from '@crawlwise/shared/api/contract';
import { ERROR_CATALOGUE, type ErrorCode } from '@crawlwise/shared/error-catalogue';

/**
 * The one way a route reports failure: a catalogue code (product spec, point 8) whose HTTP status
 * comes from the shared catalogue. The error handler turns it into `{ok:false, error, message}`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    options: { statusCode?: number; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message ?? ERROR_CATALOGUE[code].description, { cause: options.cause });
    this.statusCode = options.statusCode ?? (ERROR_CATALOGUE[code].httpStatus || 500);
    this.headers = options.headers ?? {};
  }
  readonly headers: Record<string, string>;
}

export type { ErrorBody } from '@crawlwise/shared/api/contract';

export function errorBody(code: ErrorCode, message?: string): ErrorBody {
  return { ok: false, error: code, message: message ?? ERROR_CATALOGUE[code].description };
}
