import type { UnknownPathArtifact } from '../types.ts';
import { DEFAULT_USER_AGENT } from './fetch-page.ts';
import { guardedFetch } from './http-fetch.ts';
import type { OriginFileOptions } from './origin-file.ts';
import { sha256Hex } from './sha256.ts';

/**
 * How an origin answers an address that cannot exist, for the `soft-404` check: one request per
 * origin (kept like robots.txt) to a path no site has, through the guarded fetch. The path is a
 * hash of the origin, not a fresh random one, so two analyses of a page report the same finding
 * (the CLI's --baseline comparison, the analysis threads' equality with in-process runs). A site that answers
 * 200 there answers 200 for every mistyped or deleted address, which search engines must then
 * guess are errors. Redirects are followed on the same host only (a redirect of unknown
 * addresses to the home page is the classic soft 404), at most UNKNOWN_PATH_MAX_HOPS; one to
 * another host is recorded, not followed. No body is read.
 */

export const UNKNOWN_PATH_TIMEOUT_MS = 3000;
export const UNKNOWN_PATH_MAX_HOPS = 3;
export const UNKNOWN_PATH_PREFIX = '/crawlwise-404-check-';

/** The address that cannot exist on the page's origin: the prefix and 16 hex of the origin's hash. */
export function unknownPathOf(pageUrl: string): string | null {
  try {
    const { origin } = new URL(pageUrl);
    const id = sha256Hex(`crawlwise soft-404 ${origin}`);
    return new URL(`${UNKNOWN_PATH_PREFIX}${id.slice(0, 16)}`, origin).href;
  } catch {
    return null;
  }
}

/** Asks the origin of `pageUrl` for its path that cannot exist. Never throws. */
export async function probeUnknownPath(
  pageUrl: string,
  options: OriginFileOptions,
): Promise<UnknownPathArtifact> {
  const url = unknownPathOf(pageUrl);
  if (url === null) return { url: '', status: 'unreachable', detail: 'Invalid page URL.' };
  const host = new URL(url).hostname;
  try {
    const raw = await guardedFetch(url, {
      guard: options.guard,
      userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
      timeoutMs: options.timeoutMs ?? UNKNOWN_PATH_TIMEOUT_MS,
      maxBytes: 0,
      maxRedirects: UNKNOWN_PATH_MAX_HOPS,
      overflow: 'truncate',
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.tls ? { tls: options.tls } : {}),
      ...(options.gate ? { gate: options.gate } : {}),
      onResponse: () => 'skip',
      followRedirect: (next) => next.hostname === host,
    });
    if (raw.status === 429 || raw.status >= 500) {
      return { url, status: 'unreachable', httpStatus: raw.status, detail: `HTTP ${raw.status}` };
    }
    // Stopped at a redirect to another host: where it pointed is the end we report.
    const location = raw.status >= 300 && raw.status < 400 ? raw.headers.location : undefined;
    const finalUrl = location === undefined ? raw.finalUrl : new URL(location, raw.finalUrl).href;
    const redirects = raw.redirects.length + (location === undefined ? 0 : 1);
    return {
      url,
      status: 'answered',
      httpStatus: raw.status,
      ...(redirects > 0 ? { finalUrl, redirects } : {}),
    };
  } catch (error) {
    return {
      url,
      status: 'unreachable',
      detail: error instanceof Error ? error.message : String(error),
    };
  }
}
