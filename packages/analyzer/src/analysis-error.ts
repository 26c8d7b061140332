import type { AnalysisErrorCode } from '@crawlwise/shared/error-catalogue';

/**
 * An error that stops an analysis before checks run. `code` is a catalogue code from the product
 * spec (point 8); `message` is a plain sentence for the page owner that may carry specifics
 * (the real HTTP status, the host that failed to resolve).
 */
export class AnalysisError extends Error {
  override readonly name = 'AnalysisError';
  constructor(
    readonly code: AnalysisErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isAnalysisError(error: unknown): error is AnalysisError {
  return error instanceof AnalysisError;
}
