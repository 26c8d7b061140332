import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditApiPath } from '@crawlwise/shared/api/site-audit-basics';
import { embeddedReportScript } from '@crawlwise/shared/report-embed';
import {
  NOT_FOUND_HTML_PATH,
  PATHS,
  resolvePageRoute,
  SPA_FALLBACK_FILE,
} from '@crawlwise/shared/routes';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../errors.ts';
import { NEVER_SHED } from '../plugins/pressure.ts';
import { publicOrigin } from '../services/public-origin.ts';
import { presentReport } from '../services/report-presenter.ts';
import { robotsTxt, sitemapXml } from './crawler-files.ts';
import { type HtmlPage, HtmlPageStore, sendHtmlPage, withHeadTags } from './html-pages.ts';
import { reportPreview, withReportPreview } from './report-preview.ts';
import { modulePreloadTags, readRoutePreloads } from './route-preloads.ts';

/**
 * Serves the built web app: prerendered marketing pages as static HTML, the SPA fallback for
 * client-only screens, hashed assets with long caching, and the 404 page with an HTTP 404 for
 * anything else (an unknown route is logged as a 404, product spec point 2). Static files are
 * sent in the brotli or gzip form the build wrote next to them; HTML is compressed on the fly by
 * the compression plugin (it is rewritten with the public origin first, see html-pages.ts).
 */

/** Responses that are never a document: scripts and stylesheets. */
const SUBRESOURCE_TYPES = /^(application|text)\/(javascript|css)\b/;

/** Crawler files change only with a release or a new PUBLIC_URL: an hour of caching is plenty. */
const CRAWLER_FILE_CACHE = 'public, max-age=3600';

const DEFAULT_WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/build/client',
);
export const webRoutes: FastifyPluginAsync = async (app) => {
  const root = app.config.WEB_DIST_DIR ? path.resolve(app.config.WEB_DIST_DIR) : DEFAULT_WEB_DIST;
  const built = fs.existsSync(path.join(root, SPA_FALLBACK_FILE));
  if (!built) {
    app.log.warn({ root }, 'web app not built: run `npm run build` to serve the site');
  }
  const notFoundPage = built && fs.existsSync(path.join(root, NOT_FOUND_HTML_PATH));
  const origin = publicOrigin(app.config);
  const pages = new HtmlPageStore(root, origin);
  const routePreloads = readRoutePreloads(root);
  const reportPreloads = modulePreloadTags(routePreloads[PATHS.report] ?? []);
  /**
   * /site-check (a crawl's audit workspace): the SPA fallback with the screen's scripts
   * preloaded, so they load beside the app's entry instead of after it has run (issue 20.6).
   * The same for every visitor and check: built once, cached like the fallback.
   */
  const siteCheckPage = (): HtmlPage | null => {
    const fallback = pages.get(SPA_FALLBACK_FILE);
    const tags = modulePreloadTags(routePreloads[PATHS.siteCheck] ?? []);
    if (!fallback || tags === '') return fallback;
    siteCheckPageCache ??= withHeadTags(fallback, tags);
    return siteCheckPageCache;
  };
  let siteCheckPageCache: HtmlPage | undefined;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CRAWLER_FILE_CACHE)
      .send(robotsTxt(origin)),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CRAWLER_FILE_CACHE)
      .send(sitemapXml(origin)),
  );

  // A Content-Security-Policy governs a document (and a worker); on a script or a stylesheet it
  // does nothing, yet with the hashes of every inline script it is 1.5 KB: sent with each of a
  // page's twenty-odd scripts it was a quarter of the page's transfer on a slow connection.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (SUBRESOURCE_TYPES.test(String(reply.getHeader('content-type') ?? ''))) {
      reply.removeHeader('content-security-policy');
    }
    return payload;
  });

  if (built) await app.register(builtFiles, { root });

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = safeDecode(request.url.split('?')[0] ?? '/');
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!isPageRequest || !built) {
      request.log.info({ url: request.url, method: request.method }, 'route not found');
      return reply
        .code(404)
        .send(errorBody('invalid_request', `No route for ${request.method} ${pathname}`));
    }
    const token = pathname === PATHS.report ? reportToken(request.url) : null;
    if (token !== null) return sendReportPage(request, reply, token);
    if (pathname === PATHS.siteCheck) {
      const page = siteCheckPage();
      if (page) {
        const overview = request.userId ? overviewPreload(request.url) : '';
        if (overview === '') return sendHtmlPage(request, reply, page, 200);
        return sendHtmlPage(request, reply, withHeadTags(page, overview), 200, PRIVATE_HTML);
      }
    }
    const route = resolvePageRoute(pathname);
    if (route.kind !== 'not-found') {
      const page = pages.get(route.file);
      if (page) return sendHtmlPage(request, reply, page, 200);
    } else {
      request.log.info({ url: request.url }, 'page not found (404)');
    }
    const fallback = pages.get(notFoundPage ? NOT_FOUND_HTML_PATH : SPA_FALLBACK_FILE);
    if (!fallback) throw new Error('the web build lost its SPA fallback file');
    return sendHtmlPage(request, reply, fallback, 404);
  };

  /**
   * /report?token=: the app's screen with the report for readers without script and for link
   * previews (report-preview.ts). It depends on the report's state and on who reads it, so it is
   * never stored by a cache.
   */
  const sendReportPage = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const fallback = pages.get(SPA_FALLBACK_FILE);
    if (!fallback) throw new Error('the web build lost its SPA fallback file');
    const lookup = await app.reports.findByToken(token);
    const input =
      lookup.kind === 'found'
        ? {
            kind: 'found' as const,
            report: presentReport(lookup.report, lookup.url, request.userId !== null),
          }
        : { kind: lookup.kind };
    const preview = reportPreview(input, token, origin);
    // A finished report goes into the page itself, so the screen shows it without first asking
    // the API (report-embed.ts); a pending one is followed by polling as before.
    const finished =
      input.kind === 'found' &&
      (input.report.status === 'completed' || input.report.status === 'failed');
    const head =
      reportPreloads +
      (finished ? embeddedReportScript({ token, report: input.report }) : '') +
      preview.head;
    return reply
      .code(200)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(withReportPreview(fallback.body, { ...preview, head }));
  };

  // Pages are a real catch-all route (routes outrank it), not only the not-found handler: route
  // hooks such as compression apply to routes, and the not-found handler has none.
  app.get('/*', { schema: { hide: true } }, answer);
  app.setNotFoundHandler(answer);
};

/**
 * The build's files (scripts, styles, icons) are never shed as overload (plugins/pressure.ts).
 * Each is a read of a file the build already compressed, and a screen whose document was served
 * cannot work without them: shed one chunk and the screen breaks, where a shed API call is
 * retried or shown as a message. In the one-process mode the embedded worker's site-audit build
 * can hold the event loop past the limit for a second or more, long enough to shed a chunk of a
 * screen being opened. Documents and the API are still shed.
 */
const builtFiles: FastifyPluginAsync<{ root: string }> = async (files, { root }) => {
  // A hook of this scope: it marks the routes @fastify/static adds below, and no other route.
  files.addHook('onRoute', (route) => {
    route.config = Object.assign(route.config ?? {}, NEVER_SHED);
  });
  // Hashed build assets never change under their name: cache them for a year.
  await files.register(fastifyStatic, {
    root: path.join(root, 'assets'),
    prefix: '/assets/',
    wildcard: false,
    index: false,
    maxAge: '365d',
    immutable: true,
    preCompressed: true,
    setHeaders: varyOnEncoding,
  });
  // Other top-level files (favicon...) may change between releases; webRoutes serves the HTML.
  await files.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    decorateReply: false,
    preCompressed: true,
    setHeaders: varyOnEncoding,
    // HTML is served from HtmlPageStore; .br/.gz files are alternate encodings, not routes.
    globIgnore: ['**/*.html', 'assets/**', '**/*.br', '**/*.gz'],
  });
};

/**
 * The same address answers brotli, gzip or plain bytes depending on Accept-Encoding: caches on
 * the way must keep them apart (@fastify/static does not say so for precompressed files).
 */
function varyOnEncoding(response: { setHeader(name: string, value: string): unknown }) {
  response.setHeader('vary', 'accept-encoding');
}

/** A page that depends on who asks: no shared cache keeps it. */
const PRIVATE_HTML = 'private, no-cache';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /site-check?id=… asked for by a signed-in reader: a preload of the check's overview, so the
 * browser asks for it while the page's scripts load rather than once they have run (issue 20.6).
 * It names only the address the reader asked for; the answer comes from the API under the API's
 * own rules, with the reader's cookie (crossorigin="anonymous" is the credentials mode
 * "same-origin" of the app's own fetch, which then takes the preloaded answer). Decision in
 * docs/decisions.md.
 */
function overviewPreload(rawUrl: string): string {
  const id = queryParam(rawUrl, 'id');
  if (id === null || !UUID.test(id)) return '';
  return `<link rel="preload" as="fetch" crossorigin="anonymous" href="${auditApiPath(id)}/overview">`;
}

/** The `token` of a /report address, or null without one. */
function reportToken(rawUrl: string): string | null {
  return queryParam(rawUrl, 'token');
}

/** One parameter of a request's query string, or null. */
function queryParam(rawUrl: string, name: string): string | null {
  const query = rawUrl.indexOf('?');
  if (query === -1) return null;
  return new URLSearchParams(rawUrl.slice(query + 1)).get(name);
}

/** A malformed escape in a path is just an unknown page, not a server error. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
