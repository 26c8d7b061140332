import fs from 'node:fs';
import path from 'node:path';

/**
 * The scripts to preload on a screen of the single-page app, which the web build writes next to
 * build/client (apps/web scripts/route-preloads.ts): without them the browser finds a screen's
 * chunks only after the app's entry has run, one round trip later. A missing or unreadable file
 * (an older build) means no hints, never an error.
 */
const ASSET_ADDRESS = /^\/assets\/[\w.-]+\.js$/;

export function readRoutePreloads(clientRoot: string): Record<string, string[]> {
  const file = path.resolve(clientRoot, '../route-preloads.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const preloads: Record<string, string[]> = {};
  for (const [route, scripts] of Object.entries(parsed)) {
    if (!Array.isArray(scripts)) continue;
    // Only our own hashed asset addresses go into a page.
    preloads[route] = scripts.filter(
      (script): script is string => typeof script === 'string' && ASSET_ADDRESS.test(script),
    );
  }
  return preloads;
}

export function modulePreloadTags(scripts: readonly string[]): string {
  return scripts.map((script) => `<link rel="modulepreload" href="${script}">`).join('');
}
