import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SPA_FALLBACK_FILE } from '@crawlwise/shared/routes';
import { ISLANDS_MANIFEST_FILE, type IslandsManifest } from './islands-manifest.ts';
import { installIslandsScripts } from './islands-scripts.ts';
import {
  clientRouteScripts,
  FORM_ROUTES,
  MARKETING_JS_TARGET_BYTES,
  measureClientRoute,
  measureMarketingRoutes,
  scriptsOfPage,
} from './js-budget.ts';
import { precompress } from './precompress.ts';
import { ROUTE_PRELOADS_FILE } from './route-preloads.ts';
import { lowerScriptPriority } from './script-priority.ts';

/**
 * After `react-router build` and the islands build: puts the islands script into the prerendered
 * pages (islands-scripts.ts), lowers the priority of their script preloads (script-priority.ts),
 * writes the .br/.gz copies of the static files, then checks what each marketing page loads. The
 * build fails when a marketing page loads more than 100 KB of script (gzip), or when a page
 * without a form loads the validation-schema library.
 */
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.join(webDir, 'build/client');

const manifest = JSON.parse(
  fs.readFileSync(path.join(webDir, ISLANDS_MANIFEST_FILE), 'utf8'),
) as IslandsManifest;
console.log(`islands script in ${installIslandsScripts(root, manifest)} prerendered pages`);

const lowered = lowerScriptPriority(root);
console.log(`module preloads at low priority on ${lowered} prerendered pages`);

const compressed = precompress(root);
console.log(
  `precompressed ${compressed.files} files: ${kb(compressed.bytes)} → br ${kb(compressed.brotliBytes)}, gzip ${kb(compressed.gzipBytes)}`,
);

let failed = false;
for (const page of measureMarketingRoutes(root)) {
  const overTarget = page.gzipBytes > MARKETING_JS_TARGET_BYTES;
  const schemaMisplaced = page.loadsSchemaLibrary && !FORM_ROUTES.includes(page.route);
  if (schemaMisplaced || overTarget) failed = true;
  console.log(
    `${page.route.padEnd(32)} ${kb(page.gzipBytes).padStart(9)} gzip, ${page.scripts.length} scripts${overTarget ? '  ABOVE THE 100 KB LIMIT' : ''}${schemaMisplaced ? '  LOADS THE VALIDATION LIBRARY' : ''}`,
  );
}
// The report screen reads a report; it must not load the validation library either (the
// shared modules it reads have schema-free twins: report-basics, page-history-order, watch-rules).
const report = measureClientRoute(root, '/report', 'routes/report');
console.log(
  `${'/report (SPA)'.padEnd(32)} ${kb(report.gzipBytes).padStart(9)} gzip, ${report.scripts.length} scripts${report.loadsSchemaLibrary ? '  LOADS THE VALIDATION LIBRARY' : ''}`,
);
if (report.loadsSchemaLibrary) failed = true;
// Nor the site audit's Overview (issue 20.6): the views that read filters load it on their own.
const siteCheck = measureClientRoute(root, '/site-check', 'routes/site-check');
console.log(
  `${'/site-check (SPA)'.padEnd(32)} ${kb(siteCheck.gzipBytes).padStart(9)} gzip, ${siteCheck.scripts.length} scripts${siteCheck.loadsSchemaLibrary ? '  LOADS THE VALIDATION LIBRARY' : ''}`,
);
if (siteCheck.loadsSchemaLibrary) failed = true;

// What the server preloads on /report?token= besides the SPA fallback's own preloads: the report
// route's chunks, which the app would otherwise find only after its entry has run.
const shellScripts = new Set(scriptsOfPage(root, SPA_FALLBACK_FILE));
const reportPreloads = clientRouteScripts(root, 'routes/report').filter(
  (script) => !shellScripts.has(script),
);
// And on /site-check (a crawl's audit workspace, issue 20.6): its route's chunks.
const siteCheckPreloads = clientRouteScripts(root, 'routes/site-check').filter(
  (script) => !shellScripts.has(script),
);
fs.writeFileSync(
  path.join(webDir, ROUTE_PRELOADS_FILE),
  `${JSON.stringify({ '/report': reportPreloads, '/site-check': siteCheckPreloads }, null, 2)}\n`,
);

if (failed) {
  console.error(
    'A marketing page loads more than 100 KB of script, or a page without a form (or the report or the site audit Overview) loads the validation-schema library.',
  );
  process.exit(1);
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
