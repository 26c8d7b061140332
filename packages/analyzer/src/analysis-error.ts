import type { AnalysisErrorCode } from '@crawlwise/shared/error-catalogue';

/**
 * An error that stops an analysis before checks run. `code` is a catalogue code from the product
 * spec (point 8); `message` is a plain sentence for the page owner that may carry specifics
 * (the real HTTP status, the host that failed to resolve).
 */
export class AnalysisError extends Error {
  override readonly name = 'AnalysisError';
  /**
   * For a 429 or 503 answer: how long the site asked us to wait (its `Retry-After`, in ms), or
   * null when it did not say. A crawl backs off by it (docs/site-checks.md › Politeness).
   */
  readonly retryAfterMs: number | null;
  constructor(
    readonly code: AnalysisErrorCode,
    message: string,
    options?: { cause?: unknown; retryAfterMs?: number | null },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.retryAfterMs = options?.retryAfterMs ?? null;
  }
}

export function isAnalysisError(error: unknown): error is AnalysisError {
  return error instanceof AnalysisError;
}
