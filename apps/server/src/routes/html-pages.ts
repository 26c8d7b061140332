import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PUBLIC_ORIGIN_PLACEHOLDER } from '@crawlwise/shared/public-origin';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The built HTML pages, as served: the public-origin placeholder the build wrote into canonical,
 * Open Graph and sitemap addresses replaced by this installation's origin (see
 * packages/shared/src/public-origin.ts). Each page is read once; the build does not change while
 * the server runs (a rebuild needs a restart anyway: the CSP hashes are read at start-up).
 *
 * HTML is revalidated on every visit (`no-cache`) with a strong ETag and Last-Modified, so a
 * returning browser gets a 304 without the body until the next release.
 */

export interface HtmlPage {
  body: string;
  etag: string;
  lastModified: string;
}

export class HtmlPageStore {
  private readonly pages = new Map<string, HtmlPage>();

  constructor(
    private readonly root: string,
    private readonly origin: string,
  ) {}

  /** The page at `file` (relative to the build root), or null when the build has no such file. */
  get(file: string): HtmlPage | null {
    const cached = this.pages.get(file);
    if (cached) return cached;
    const absolute = path.join(this.root, file);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(absolute);
    } catch {
      return null;
    }
    const body = fs
      .readFileSync(absolute, 'utf8')
      .replaceAll(PUBLIC_ORIGIN_PLACEHOLDER, this.origin);
    const page: HtmlPage = {
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      lastModified: stat.mtime.toUTCString(),
    };
    this.pages.set(file, page);
    return page;
  }
}

/** `page` with `tags` at the end of its head, under an ETag of its own. */
export function withHeadTags(page: HtmlPage, tags: string): HtmlPage {
  const headEnd = page.body.indexOf('</head>');
  if (headEnd === -1) return page;
  const body = page.body.slice(0, headEnd) + tags + page.body.slice(headEnd);
  return {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    lastModified: page.lastModified,
  };
}

/** True when the browser's cached copy (If-None-Match, else If-Modified-Since) is current. */
export function isFresh(request: FastifyRequest, page: HtmlPage): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === page.etag || tag === '*');
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds; the file's mtime was rounded the same way by toUTCString.
  return !Number.isNaN(since) && Date.parse(page.lastModified) <= since;
}

/** Sends a page with its validators; a conditional request for an unchanged 200 page gets 304. */
export function sendHtmlPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: HtmlPage,
  status: number,
  cacheControl = 'no-cache',
) {
  reply
    .header('cache-control', cacheControl)
    .header('etag', page.etag)
    .header('last-modified', page.lastModified)
    .type('text/html; charset=utf-8');
  if (status === 200 && isFresh(request, page)) return reply.code(304).send();
  return reply.code(status).send(page.body);
}
