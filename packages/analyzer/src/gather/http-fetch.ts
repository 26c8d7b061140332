import type { Readable } from 'node:stream';
import type { Dispatcher, Pool } from 'undici';
import { AnalysisError } from '../analysis-error.ts';
import type { AddressGuard, RedirectHop } from '../types.ts';
import { type ContentType, parseContentType } from './charset.ts';
import { clip } from './clip.ts';
import { createDeadline, type Deadline } from './deadline.ts';
import { toAnalysisError } from './fetch-errors.ts';
import type { HostGate } from './host-gate.ts';
import { pinnedPool, type TlsOptions } from './pinned-client.ts';
import {
  ACCEPT_ENCODING,
  BodyDecodeError,
  BodyTooLarge,
  contentCodings,
  readBody,
} from './read-body.ts';

/**
 * The guarded HTTP GET shared by the page fetch and robots.txt: every hop is checked by the
 * address guard and connected to exactly the address it approved, redirects are followed by hand
 * (so each hop is checked), and one deadline covers everything. Policy (which statuses and types
 * are acceptable) is left to the caller through `onResponse`.
 */

export interface ResponseHead {
  url: URL;
  status: number;
  headers: Record<string, string>;
  contentType: ContentType;
}

export interface GuardedFetchOptions {
  guard: AddressGuard;
  userAgent: string;
  accept: string;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Past maxBytes: 'error' fails with content_too_large, 'truncate' keeps the first maxBytes. */
  overflow: 'error' | 'truncate';
  signal?: AbortSignal;
  tls?: TlsOptions;
  /**
   * Called with the final response's head before any body byte is read. Returning 'skip' closes
   * the connection without reading; throwing (an AnalysisError) ends the fetch.
   */
  onResponse?: (head: ResponseHead) => 'read' | 'skip';
  /**
   * Asked before each redirect is followed: false ends the fetch there, the redirect itself
   * being the final response (its 3xx status and headers, no body). The per-origin redirect
   * probes use it to stop at the first hop that leaves the hosts they are about.
   */
  followRedirect?: (next: URL) => boolean;
  /**
   * Paces the hops per host (host-gate.ts): each hop waits for its host's turn, within the
   * deadline. The checks' probes pass the engine's gate; the page fetch and robots.txt do not.
   */
  gate?: HostGate;
}

export interface RawFetch {
  requestedUrl: string;
  finalUrl: string;
  status: number;
  headers: Record<string, string>;
  contentType: ContentType;
  contentEncoding: string | null;
  redirects: RedirectHop[];
  ttfbMs: number;
  totalMs: number;
  tls: { valid: boolean; protocol?: string } | null;
  body: Buffer;
  bodyRead: boolean;
  truncated: boolean;
  rawBytes: number;
  decodedBytes: number;
  fetchedAt: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Parses a target URL; only http and https are ever fetched. Fragment and credentials dropped. */
export function parseTarget(input: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(String(input), base);
  } catch (error) {
    const what = base ? 'redirected to an invalid address' : 'is not a valid address';
    throw new AnalysisError('invalid_url', `${clip(String(input))} ${what}.`, {
      cause: error,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    const scheme = clip(url.protocol, 20);
    const how = base ? `The page redirects to ${scheme} ` : `${scheme} `;
    throw new AnalysisError(
      'unsupported_protocol',
      `${how}addresses cannot be analyzed: only http:// and https:// are supported.`,
    );
  }
  url.hash = '';
  url.username = '';
  url.password = '';
  return url;
}

export async function guardedFetch(
  input: string | URL,
  options: GuardedFetchOptions,
): Promise<RawFetch> {
  const fetchedAt = new Date().toISOString();
  const started = performance.now();
  const deadline = createDeadline(options.timeoutMs, options.signal);
  let url = parseTarget(input);
  const requestedUrl = url.href;
  const redirects: RedirectHop[] = [];
  const visited = new Set([url.href]);
  try {
    for (;;) {
      const hop = await fetchHop(url, options, deadline, started);
      if (hop.location === null) {
        return {
          ...hop.result,
          requestedUrl,
          finalUrl: url.href,
          redirects,
          totalMs: Math.round(performance.now() - started),
          fetchedAt,
        };
      }
      const next = parseTarget(hop.location, url);
      if (options.followRedirect && !options.followRedirect(next)) {
        return {
          ...hop.result,
          requestedUrl,
          finalUrl: url.href,
          redirects,
          totalMs: Math.round(performance.now() - started),
          fetchedAt,
        };
      }
      redirects.push({ url: url.href, status: hop.status, location: next.href });
      if (visited.has(next.href)) {
        const chain = [...redirects.map((r) => r.url), next.href].map((u) => clip(u)).join(' → ');
        throw new AnalysisError('redirect_loop', `The page redirects in a loop: ${chain}.`);
      }
      if (redirects.length > options.maxRedirects) {
        throw new AnalysisError(
          'redirect_loop',
          `The page redirects more than ${options.maxRedirects} times (stopped at ${clip(next.href)}).`,
        );
      }
      visited.add(next.href);
      url = next;
    }
  } catch (error) {
    // The caller's own abort is theirs to interpret, not a property of the site.
    if (options.signal?.aborted && !deadline.timedOut) throw options.signal.reason;
    throw toFetchError(error, url, deadline, options);
  } finally {
    deadline.dispose();
  }
}

type HopResult = Omit<
  RawFetch,
  'requestedUrl' | 'finalUrl' | 'redirects' | 'totalMs' | 'fetchedAt'
>;

/** A redirect carries its own response (unread body) for a caller that stops there. */
type HopOutcome =
  | { location: string; status: number; result: HopResult }
  | { location: null; status: number; result: HopResult };

/** One request on a connection pinned to the approved address; reads the body only for a final response. */
async function fetchHop(
  url: URL,
  options: GuardedFetchOptions,
  deadline: Deadline,
  started: number,
): Promise<HopOutcome> {
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const pin = await deadline.race(options.guard(url.hostname, port));
  const leave = options.gate ? await options.gate.enter(url, deadline.signal) : null;
  try {
    return await requestHop(url, pin, options, deadline, started);
  } finally {
    leave?.();
  }
}

async function requestHop(
  url: URL,
  pin: Awaited<ReturnType<AddressGuard>>,
  options: GuardedFetchOptions,
  deadline: Deadline,
  started: number,
): Promise<HopOutcome> {
  const pinned = pinnedPool(url, pin, options.tls);
  const request: Dispatcher.RequestOptions = {
    method: 'GET',
    path: `${url.pathname}${url.search}`,
    headers: {
      'user-agent': options.userAgent,
      accept: options.accept,
      'accept-encoding': ACCEPT_ENCODING,
      'accept-language': 'en-US,en;q=0.9',
    },
    signal: deadline.signal,
  };
  let body: Readable | null = null;
  try {
    const response = await requestOnKeptConnection(pinned.dispatcher, request, deadline);
    body = response.body as unknown as Readable;
    const ttfbMs = Math.round(performance.now() - started);
    const headers = flattenHeaders(response.headers);
    const location = headers.location;
    if (REDIRECT_STATUSES.has(response.statusCode) && location !== undefined) {
      discard(body);
      return {
        location,
        status: response.statusCode,
        result: {
          status: response.statusCode,
          headers,
          contentType: parseContentType(headers['content-type']),
          contentEncoding: null,
          ttfbMs,
          tls: url.protocol === 'https:' ? tlsInfo(pinned.tlsProtocol()) : null,
          body: Buffer.alloc(0),
          bodyRead: false,
          truncated: false,
          rawBytes: 0,
          decodedBytes: 0,
        },
      };
    }

    const contentType = parseContentType(headers['content-type']);
    const contentEncoding = headers['content-encoding']?.trim() || null;
    let decision: 'read' | 'skip';
    let codings: string[];
    try {
      decision =
        options.onResponse?.({ url, status: response.statusCode, headers, contentType }) ?? 'read';
      // Refuses stacked or unknown codings here, before a decoder is built or a byte is read.
      codings = decision === 'read' ? contentCodings(contentEncoding) : [];
    } catch (error) {
      discard(body);
      throw error;
    }
    const common = {
      status: response.statusCode,
      headers,
      contentType,
      contentEncoding,
      ttfbMs,
      tls: url.protocol === 'https:' ? tlsInfo(pinned.tlsProtocol()) : null,
    };
    if (decision === 'skip') {
      // Destroying before reading resets the connection: the server stops sending.
      discard(body);
      const empty = {
        body: Buffer.alloc(0),
        bodyRead: false,
        truncated: false,
        rawBytes: 0,
        decodedBytes: 0,
      };
      return { location: null, status: response.statusCode, result: { ...common, ...empty } };
    }

    const declaredLength = Number(headers['content-length']);
    if (options.overflow === 'error' && codings.length === 0 && declaredLength > options.maxBytes) {
      discard(body);
      throw new BodyTooLarge(options.maxBytes, 0, 0);
    }
    const read = await readBody(body, {
      encoding: contentEncoding,
      maxBytes: options.maxBytes,
      overflow: options.overflow,
    });
    return {
      location: null,
      status: response.statusCode,
      result: {
        ...common,
        body: read.bytes,
        bodyRead: true,
        truncated: read.truncated,
        rawBytes: read.rawBytes,
        decodedBytes: read.decodedBytes,
      },
    };
  } finally {
    // A body not read to its end (an error on the way) would hold its connection: drop both.
    if (body !== null && !body.readableEnded && !body.destroyed) discard(body);
  }
}

/**
 * Sends the request on the pool; when it went out on a kept connection that the server had
 * closed meanwhile (the race every keep-alive client has: undici reports the socket error before
 * any response), it is sent once more, on a new connection. A GET only, so sending it twice is
 * what browsers do too.
 */
async function requestOnKeptConnection(
  dispatcher: Pool,
  request: Dispatcher.RequestOptions,
  deadline: Deadline,
): Promise<Dispatcher.ResponseData> {
  const kept = dispatcher.stats.free > 0;
  try {
    return await dispatcher.request(request);
  } catch (error) {
    if (!kept || deadline.signal.aborted || !isClosedConnection(error)) throw error;
    return dispatcher.request(request);
  }
}

const CLOSED_CONNECTION_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

function isClosedConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CLOSED_CONNECTION_CODES.has(code);
}

/** Drops an unread body. undici reports that as an 'error' event, which must not go unhandled. */
function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

function tlsInfo(protocol: string | null): { valid: boolean; protocol?: string } {
  // rejectUnauthorized is always on, so a response over TLS means the chain validated.
  return protocol ? { valid: true, protocol } : { valid: true };
}

function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function toFetchError(
  error: unknown,
  url: URL,
  deadline: Deadline,
  options: GuardedFetchOptions,
): AnalysisError {
  if (error instanceof BodyTooLarge) {
    const mb = Math.round((options.maxBytes / 1024 / 1024) * 10) / 10;
    return new AnalysisError(
      'content_too_large',
      `The page is larger than ${mb} MB once decompressed; reading stopped there.`,
      { cause: error },
    );
  }
  if (error instanceof BodyDecodeError) {
    return new AnalysisError('parse_error', `${error.message}.`, { cause: error });
  }
  return toAnalysisError(error, { url, timedOut: deadline.timedOut, timeoutMs: options.timeoutMs });
}
