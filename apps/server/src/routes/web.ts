import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NOT_FOUND_HTML_PATH, resolvePageRoute, SPA_FALLBACK_FILE } from '@crawlwise/shared/routes';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { errorBody } from '../errors.ts';

/**
 * Serves the built web app: prerendered marketing pages as static HTML, the SPA fallback for
 * client-only screens, hashed assets with long caching, and the 404 page with an HTTP 404 for
 * anything else (an unknown route is logged as a 404, product spec point 2).
 */

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

  if (built) {
    // Hashed build assets never change under their name: cache them for a year.
    await app.register(fastifyStatic, {
      root: path.join(root, 'assets'),
      prefix: '/assets/',
      wildcard: false,
      index: false,
      maxAge: '365d',
      immutable: true,
    });
    // Other top-level files (favicon...) may change between releases; HTML is served below.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      decorateReply: false,
      globIgnore: ['**/*.html', 'assets/**'],
    });
  }

  const sendHtml = (reply: FastifyReply, file: string, status = 200) =>
    // Options of their own: sendFile would otherwise inherit the assets' year-long caching.
    reply
      .code(status)
      .header('cache-control', 'no-cache')
      .sendFile(file, root, { cacheControl: false, maxAge: 0, immutable: false });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = safeDecode(request.url.split('?')[0] ?? '/');
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!isPageRequest || !built) {
      request.log.info({ url: request.url, method: request.method }, 'route not found');
      return reply
        .code(404)
        .send(errorBody('invalid_request', `No route for ${request.method} ${pathname}`));
    }
    const route = resolvePageRoute(pathname);
    if (route.kind !== 'not-found') return sendHtml(reply, route.file);
    request.log.info({ url: request.url }, 'page not found (404)');
    return sendHtml(reply, notFoundPage ? NOT_FOUND_HTML_PATH : SPA_FALLBACK_FILE, 404);
  });
};

/** A malformed escape in a path is just an unknown page, not a server error. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
