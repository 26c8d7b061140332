import { Readable } from 'node:stream';
import {
  FETCH_TIMEOUT_MS,
  MAX_PAGE_BYTES,
  MAX_REDIRECTS,
  MAX_URL_LENGTH,
} from '@crawlwise/shared/limits';
import { Parser } from 'htmlparser2';
import { AnalysisError, isAnalysisError } from '../analysis-error.ts';
import { clip } from '../gather/clip.ts';
import { httpStatusError } from '../gather/fetch-errors.ts';
import { DEFAULT_USER_AGENT } from '../gather/fetch-page.ts';
import type { HostGate } from '../gather/host-gate.ts';
import { guardedFetch } from '../gather/http-fetch.ts';
import type { TlsOptions } from '../gather/pinned-client.ts';
import { BodyDecodeError, BodyTooLarge, readBody } from '../gather/read-body.ts';
import { looksBinary, looksLikeHtml } from '../gather/sniff.ts';
import type { AddressGuard } from '../types.ts';

/**
 * Reads the page addresses of a sitemap (sitemaps.org): an XML `<urlset>`, a `<sitemapindex>`
 * whose child sitemaps are read in turn, or a plain-text list; each may be gzip-compressed as a
 * file (`sitemap.xml.gz`) and/or with Content-Encoding.
 *
 * Every document goes through the engine's guarded fetch: the address guard on every hop, one
 * deadline per document, the 5 MB decoded limit. A `.gz` file is decompressed with the same
 * streaming reader and limit as a Content-Encoding, so a gzip bomb stops at the limit instead of
 * expanding in memory. The XML parser (htmlparser2 in XML mode) does not read DTDs, so entity
 * expansion ("billion laughs") and external entities cannot happen.
 */

/** Sitemap documents read in one run (the root, indexes and their children). */
export const MAX_SITEMAP_DOCUMENTS = 50;
/**
 * Index nesting followed. sitemaps.org forbids an index inside an index; some sites do it anyway,
 * so one extra level is followed, and no more (each level multiplies the documents read).
 */
export const MAX_SITEMAP_DEPTH = 2;

const SITEMAP_ACCEPT = 'application/xml,text/xml;q=0.9,text/plain;q=0.8,*/*;q=0.5';

export interface SitemapOptions {
  guard: AddressGuard;
  userAgent?: string;
  /** Stop once this many page addresses are collected (the batch's --max-pages). */
  maxUrls?: number;
  maxDocuments?: number;
  /** Decoded size limit per document (after Content-Encoding and after a .gz file's gzip). */
  maxBytes?: number;
  /** Deadline per document. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Test hook: trust this CA instead of the system ones. */
  tls?: TlsOptions;
  /** Paces the requests per host (the engine's probes; host-gate.ts). */
  gate?: HostGate;
  /**
   * Documents and decoded bytes left for a whole discovery, shared by every readSitemap call
   * of it (and used up by them): without it each call has its own maxDocuments.
   */
  budget?: SitemapBudget;
  /** Follow index entries only on the root sitemap's origin (scheme, host and port). */
  sameOrigin?: boolean;
}

/** What a discovery may still read: decremented as documents are read. */
export interface SitemapBudget {
  documents: number;
  bytes: number;
}

export interface SitemapFailure {
  url: string;
  code: string;
  message: string;
}

export interface SitemapResult {
  /** Page addresses in sitemap order, without duplicates, at most maxUrls. */
  urls: string[];
  /** Sitemap documents read successfully, in the order read. */
  sitemaps: string[];
  /** Child sitemaps that could not be read (the root failing throws instead). */
  failures: SitemapFailure[];
  /** `<loc>` values (or text lines) that are not an http(s) address of at most 2048 characters. */
  invalidEntries: number;
  /** True when addresses or child sitemaps were left unread because a limit was reached. */
  truncated: boolean;
}

export type ParsedSitemap =
  | { kind: 'urlset' | 'sitemapindex' | 'text'; locations: string[] }
  | { kind: 'unknown'; root: string };

/**
 * Parses a decoded sitemap document: the `<loc>` of each `<url>` (urlset) or `<sitemap>`
 * (sitemapindex), or the non-empty lines of a text sitemap. Namespace prefixes are ignored.
 */
export function parseSitemap(text: string): ParsedSitemap {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (!body.startsWith('<')) {
    const locations = body
      .split(/\r\n|\r|\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
    return { kind: 'text', locations };
  }
  let root: string | null = null;
  const stack: string[] = [];
  const locations: string[] = [];
  let loc: string | null = null;
  const parser = new Parser(
    {
      onopentag(rawName) {
        const name = localName(rawName);
        if (root === null) root = name;
        stack.push(name);
        const parent = stack[stack.length - 2];
        if (name === 'loc' && (parent === 'url' || parent === 'sitemap') && stack.length === 3) {
          loc = '';
        }
      },
      ontext(data) {
        if (loc !== null) loc += data;
      },
      onclosetag(rawName) {
        if (localName(rawName) === 'loc' && loc !== null) {
          locations.push(loc.trim());
          loc = null;
        }
        stack.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(body);
  if (root === 'urlset' || root === 'sitemapindex') return { kind: root, locations };
  return { kind: 'unknown', root: root ?? '' };
}

function localName(name: string): string {
  const colon = name.lastIndexOf(':');
  return (colon >= 0 ? name.slice(colon + 1) : name).toLowerCase();
}

/** The address as the batch will fetch it, or null when it is not a usable http(s) address. */
export function sitemapLocation(value: string, base: string): string | null {
  if (value === '' || value.length > MAX_URL_LENGTH) return null;
  try {
    const url = new URL(value, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/** Fetches one sitemap document and returns its text. Throws AnalysisError. */
export async function fetchSitemapDocument(
  url: string,
  options: SitemapOptions,
): Promise<{ finalUrl: string; text: string; bytes: number }> {
  const maxBytes = options.maxBytes ?? MAX_PAGE_BYTES;
  const tooLarge = (cause: unknown) =>
    new AnalysisError(
      'content_too_large',
      `The sitemap ${clip(url)} is larger than ${megabytes(maxBytes)} MB once decompressed; reading stopped there.`,
      { cause },
    );
  const raw = await guardedFetch(url, {
    guard: options.guard,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    accept: SITEMAP_ACCEPT,
    timeoutMs: options.timeoutMs ?? FETCH_TIMEOUT_MS,
    maxBytes,
    maxRedirects: MAX_REDIRECTS,
    overflow: 'error',
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
    ...(options.gate ? { gate: options.gate } : {}),
    onResponse: (head) => {
      const statusError = httpStatusError(head.status);
      if (statusError) {
        throw new AnalysisError(statusError.code, `${clip(head.url.href)}: ${statusError.message}`);
      }
      return 'read';
    },
  }).catch((error: unknown) => {
    // The shared fetch words its size error for a page.
    throw isAnalysisError(error) && error.code === 'content_too_large' ? tooLarge(error) : error;
  });
  let body = raw.body;
  if (isGzip(body)) {
    // A .gz file (as opposed to Content-Encoding): undone with the same streaming reader and
    // decoded limit, so its expansion stops at maxBytes.
    try {
      body = (
        await readBody(Readable.from([body]), { encoding: 'gzip', maxBytes, overflow: 'error' })
      ).bytes;
    } catch (error) {
      if (error instanceof BodyTooLarge) throw tooLarge(error);
      if (error instanceof BodyDecodeError) {
        throw new AnalysisError('parse_error', `The sitemap ${clip(url)} is corrupt gzip data.`, {
          cause: error,
        });
      }
      throw error;
    }
  }
  const text = new TextDecoder('utf-8').decode(body);
  if (isGzip(body) || looksBinary(text)) {
    throw new AnalysisError(
      'parse_error',
      `The sitemap ${clip(url)} is binary data, not XML or text (is it compressed twice?).`,
    );
  }
  if (looksLikeHtml(body)) {
    throw new AnalysisError(
      'parse_error',
      `The sitemap address ${clip(url)} returns an HTML page, not a sitemap.`,
    );
  }
  return { finalUrl: raw.finalUrl, text, bytes: body.byteLength };
}

function megabytes(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * Reads a sitemap and, breadth-first, the sitemaps its index lists, until maxUrls addresses are
 * collected or maxDocuments documents are read. The root failing throws its AnalysisError; a
 * child failing is recorded and the others are still read.
 */
export async function readSitemap(url: string, options: SitemapOptions): Promise<SitemapResult> {
  const maxUrls = options.maxUrls ?? Number.POSITIVE_INFINITY;
  const budget = options.budget ?? {
    documents: options.maxDocuments ?? MAX_SITEMAP_DOCUMENTS,
    bytes: Number.POSITIVE_INFINITY,
  };
  const rootOrigin = new URL(url).origin;
  const result: SitemapResult = {
    urls: [],
    sitemaps: [],
    failures: [],
    invalidEntries: 0,
    truncated: false,
  };
  const seenUrls = new Set<string>();
  const queued = new Set<string>([url]);
  const queue: Array<{ url: string; depth: number }> = [{ url, depth: 0 }];

  while (queue.length > 0) {
    if (result.urls.length >= maxUrls || budget.documents <= 0 || budget.bytes <= 0) {
      result.truncated = true;
      break;
    }
    const next = queue.shift()!;
    budget.documents -= 1;
    let parsed: ParsedSitemap;
    let finalUrl: string;
    try {
      const document = await fetchSitemapDocument(next.url, {
        ...options,
        maxBytes: Math.min(options.maxBytes ?? MAX_PAGE_BYTES, budget.bytes),
      });
      budget.bytes -= document.bytes;
      finalUrl = document.finalUrl;
      parsed = parseSitemap(document.text);
      if (parsed.kind === 'unknown') {
        throw new AnalysisError(
          'parse_error',
          `${clip(next.url)} is not a sitemap (its root element is <${clip(parsed.root, 40)}>, not <urlset> or <sitemapindex>).`,
        );
      }
    } catch (error) {
      if (next.depth === 0 || !isAnalysisError(error)) throw error;
      result.failures.push({ url: next.url, code: error.code, message: error.message });
      continue;
    }
    result.sitemaps.push(next.url);

    for (const value of parsed.locations) {
      const location = sitemapLocation(value, finalUrl);
      if (location === null) {
        result.invalidEntries += 1;
        continue;
      }
      if (parsed.kind === 'sitemapindex') {
        if (options.sameOrigin && new URL(location).origin !== rootOrigin) {
          result.failures.push({
            url: location,
            code: 'invalid_url',
            message: 'Not read: sitemaps on another site (scheme, host or port) are not followed.',
          });
        } else if (next.depth >= MAX_SITEMAP_DEPTH) {
          result.failures.push({
            url: location,
            code: 'parse_error',
            message: `Not read: sitemap indexes nested deeper than ${MAX_SITEMAP_DEPTH} levels are not followed.`,
          });
        } else if (!queued.has(location)) {
          queued.add(location);
          queue.push({ url: location, depth: next.depth + 1 });
        }
        continue;
      }
      if (seenUrls.has(location)) continue;
      if (result.urls.length >= maxUrls) {
        result.truncated = true;
        break;
      }
      seenUrls.add(location);
      result.urls.push(location);
    }
  }
  return result;
}
