import { isAnalysisError } from '../analysis-error.ts';
import type { AddressGuard } from '../types.ts';
import { DEFAULT_USER_AGENT } from './fetch-page.ts';
import { guardedFetch } from './http-fetch.ts';

/**
 * How a link's target answers (issue 19.3, the crawl's external-link option): one GET through
 * the same guard as the page — redirects followed and each hop checked — whose body is never
 * read: the status line and headers say whether the link works. GET rather than HEAD because
 * many servers answer HEAD wrongly (405, or 404 for a page that exists).
 */

export interface LinkStatus {
  /** The final answer's status; null when nothing answered (`error` says why). */
  status: number | null;
  /** Where the redirects ended, when they did not end at the address itself. */
  finalUrl: string | null;
  /** The catalogue code of a failure to get an answer (dns_error, fetch_timeout…). */
  error: string | null;
}

export interface LinkStatusOptions {
  guard: AddressGuard;
  userAgent?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** A link check waits less than a page fetch: it is one of many, and only the head matters. */
export const LINK_STATUS_TIMEOUT_MS = 8_000;
export const LINK_STATUS_MAX_REDIRECTS = 5;

export async function fetchLinkStatus(
  url: string,
  options: LinkStatusOptions,
): Promise<LinkStatus> {
  try {
    const answer = await guardedFetch(url, {
      guard: options.guard,
      userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
      timeoutMs: options.timeoutMs ?? LINK_STATUS_TIMEOUT_MS,
      maxBytes: 0,
      maxRedirects: LINK_STATUS_MAX_REDIRECTS,
      overflow: 'truncate',
      ...(options.signal ? { signal: options.signal } : {}),
      onResponse: () => 'skip',
    });
    return {
      status: answer.status,
      finalUrl: answer.finalUrl === answer.requestedUrl ? null : answer.finalUrl,
      error: null,
    };
  } catch (error) {
    if (!isAnalysisError(error)) throw error;
    return { status: null, finalUrl: null, error: error.code };
  }
}
