import type { AddressGuard } from '../types.ts';
import { DEFAULT_USER_AGENT } from './fetch-page.ts';
import type { HostGate } from './host-gate.ts';
import { guardedFetch, type RawFetch } from './http-fetch.ts';
import type { TlsOptions } from './pinned-client.ts';

/** What a caller of robots.txt or llms.txt passes: the guard and the engine's fetch settings. */
export interface OriginFileOptions {
  guard: AddressGuard;
  userAgent?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  tls?: TlsOptions;
  /** Paces the requests per host (the engine's probes; host-gate.ts). */
  gate?: HostGate;
}

/** What each file allows itself: its media types, its default deadline and its size limits. */
export interface OriginFileLimits {
  accept: string;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

/** The address of `path` at a page's origin; null when the page URL is not a URL. */
export function originFileUrl(pageUrl: string, path: string): string | null {
  try {
    return new URL(path, new URL(pageUrl).origin).href;
  } catch {
    return null;
  }
}

/**
 * One small text file at a site's origin (robots.txt, llms.txt), through the same guarded fetch
 * as the page: only a 2xx body is read, and a body over `maxBytes` is cut there rather than
 * refused (the start of such a file is all a crawler reads either). Throws what guardedFetch
 * throws.
 */
export function fetchOriginFile(
  url: string,
  options: OriginFileOptions,
  limits: OriginFileLimits,
): Promise<RawFetch> {
  return guardedFetch(url, {
    guard: options.guard,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    accept: limits.accept,
    timeoutMs: options.timeoutMs ?? limits.timeoutMs,
    maxBytes: limits.maxBytes,
    maxRedirects: limits.maxRedirects,
    overflow: 'truncate',
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
    ...(options.gate ? { gate: options.gate } : {}),
    onResponse: (head) => (head.status >= 200 && head.status < 300 ? 'read' : 'skip'),
  });
}
