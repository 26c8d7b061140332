import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  PRERENDERED_ROUTES,
  prerenderedHtmlPath,
  SPA_FALLBACK_FILE,
} from '@crawlwise/shared/routes';

/**
 * The JavaScript each prerendered page loads, measured on the build: every /assets/*.js the HTML
 * names (the islands entry and the module preloads of every chunk it and the page's islands
 * import, islands-scripts.ts), gzipped. Chunks loaded only on demand (the toast library, the
 * form schemas, the account menu) are not counted. Used by the build check (postbuild.ts) and
 * bench:web. The SPA fallback (report, auth, profile) is measured by bench:web alone.
 */

/** Issue 10's target: what a marketing page's scripts may weigh, gzipped. */
export const MARKETING_JS_TARGET_BYTES = 100 * 1024;

/**
 * Pages that show a form validated in the browser; only they may load the validation-schema
 * library. Every other marketing page must stay free of it.
 */
export const FORM_ROUTES: readonly string[] = ['/contact', '/partner'];

/** Text found in the schema library's chunk (its error class), to recognise it after hashing. */
const SCHEMA_LIBRARY_MARKER = 'ZodError';

export interface RouteScripts {
  route: string;
  scripts: string[];
  gzipBytes: number;
  loadsSchemaLibrary: boolean;
}

export function scriptsOfPage(root: string, htmlFile: string): string[] {
  const html = fs.readFileSync(path.join(root, htmlFile), 'utf8');
  return [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])].sort();
}

export function measureRoute(root: string, route: string, htmlFile = prerenderedHtmlPath(route)) {
  return measureScripts(root, route, scriptsOfPage(root, htmlFile));
}

function measureScripts(root: string, route: string, scripts: string[]): RouteScripts {
  let gzipBytes = 0;
  let loadsSchemaLibrary = false;
  for (const script of scripts) {
    const content = fs.readFileSync(path.join(root, script));
    gzipBytes += zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }).length;
    if (content.includes(SCHEMA_LIBRARY_MARKER)) loadsSchemaLibrary = true;
  }
  return { route, scripts, gzipBytes, loadsSchemaLibrary } satisfies RouteScripts;
}

/**
 * The scripts of a screen of the single-page app (the SPA fallback's own scripts, then the
 * route's module and everything it imports), from React Router's client manifest.
 */
export function clientRouteScripts(root: string, routeId: string): string[] {
  const shell = scriptsOfPage(root, SPA_FALLBACK_FILE);
  const manifestFile = shell.find((script) => /\/manifest-[\w-]+\.js$/.test(script));
  if (!manifestFile) throw new Error('the SPA fallback names no React Router manifest');
  const text = fs.readFileSync(path.join(root, manifestFile), 'utf8');
  const manifest = JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '')) as {
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`the client manifest has no route ${routeId}`);
  return [...new Set([...shell, route.module, ...(route.imports ?? [])])].sort();
}

export function measureClientRoute(root: string, route: string, routeId: string): RouteScripts {
  return measureScripts(root, route, clientRouteScripts(root, routeId));
}

export function measureMarketingRoutes(root: string): RouteScripts[] {
  return PRERENDERED_ROUTES.map((route) => measureRoute(root, route));
}
