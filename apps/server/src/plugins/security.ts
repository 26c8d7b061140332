import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.ts';

/**
 * Security headers on every answer (helmet), JSON-only request bodies, and same-origin writes.
 *
 * Content-Security-Policy: scripts only from this origin, plus the exact inline scripts of the
 * prerendered pages. React Router writes a few small inline scripts into each page (its context
 * and the module bootstrap); their sha256 hashes are read from the built HTML at start-up and
 * allowed one by one, so an injected inline script still cannot run, which `'unsafe-inline'`
 * would allow. Rebuilding the web app therefore needs a server restart (`npm run build` then
 * `npm start`, as the README says), or the new pages' inline scripts are blocked.
 */

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SecurityOptions {
  /** The built web app, whose HTML pages' inline scripts are allowed by hash. */
  webDistDir: string;
  /** The public address, an accepted Origin besides the request's own host. */
  publicUrl?: string | undefined;
}

export const securityPlugin = fp<SecurityOptions>(
  async (app, options) => {
    // Fastify also parses text/plain by default; bodies here are JSON, anything else is a 415.
    app.removeContentTypeParser('text/plain');

    const scriptHashes = inlineScriptHashes(options.webDistDir);
    const https = options.publicUrl?.startsWith('https:') ?? false;
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
          scriptSrcAttr: ["'none'"],
          // React renders style attributes, and the plain server pages carry a small <style>.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          // Over plain http (localhost, a LAN install) upgrading would break every asset.
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
    });

    const publicHost = options.publicUrl ? new URL(options.publicUrl).host : null;
    app.addHook('onRequest', async (request) => {
      if (!WRITE_METHODS.has(request.method)) return;
      const origin = request.headers.origin;
      if (origin === undefined) {
        // No Origin: not a browser (curl, server-to-server), or one that left it out; browsers
        // that send Sec-Fetch-Site still say where the request comes from.
        if (CROSS_SITE_FETCHES.has(String(request.headers['sec-fetch-site']))) throw crossOrigin();
        return;
      }
      // "Origin: null" is what a browser sends for a form POST under a no-referrer policy (and
      // from sandboxed frames): it says nothing, so Sec-Fetch-Site decides, and without it the
      // write is refused.
      if (origin === 'null') {
        if (request.headers['sec-fetch-site'] === 'same-origin') return;
        throw crossOrigin();
      }
      // Browsers send Origin on every cross-site write, so a page elsewhere cannot use a
      // visitor's browser (and session cookie) against this site.
      if (!isSameOrigin(origin, request, publicHost)) {
        throw crossOrigin();
      }
    });
  },
  { name: 'security' },
);

/** Sec-Fetch-Site values of a request started by another site's page. */
const CROSS_SITE_FETCHES = new Set(['cross-site', 'same-site']);

function crossOrigin(): ApiError {
  return new ApiError('invalid_request', 'Cross-origin requests are not allowed.', {
    statusCode: 403,
  });
}

/** Origin's host against the Host header (X-Forwarded-Host only from a trusted proxy). */
function isSameOrigin(origin: string, request: FastifyRequest, publicHost: string | null): boolean {
  let originUrl: URL;
  try {
    originUrl = new URL(origin); // "null" (sandboxed frames, privacy redirects) fails here
  } catch {
    return false;
  }
  if (publicHost && originUrl.host === publicHost) return true;
  try {
    // Through URL, so "example.com:443" and "example.com" compare equal for https.
    return new URL(`${originUrl.protocol}//${request.host}`).host === originUrl.host;
  } catch {
    return false;
  }
}

const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;

/** sha256-… of every inline script in the built HTML pages, without duplicates. */
export function inlineScriptHashes(root: string): string[] {
  const hashes = new Set<string>();
  for (const file of htmlFiles(root)) {
    const html = fs.readFileSync(file, 'utf8');
    for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
      if (/\ssrc\s*=/i.test(attributes) || body.length === 0) continue;
      hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
    }
  }
  return [...hashes].sort();
}

function htmlFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html') && !name.split(path.sep).includes('assets'))
    .map((name) => path.join(root, name));
}
