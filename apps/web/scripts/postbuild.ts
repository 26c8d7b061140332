import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FORM_ROUTES, MARKETING_JS_TARGET_BYTES, measureMarketingRoutes } from './js-budget.ts';
import { precompress } from './precompress.ts';
import { lowerScriptPriority } from './script-priority.ts';

/**
 * After `react-router build`: lowers the priority of the prerendered pages' script preloads
 * (script-priority.ts), writes the .br/.gz copies of the static files, then checks what
 * each marketing page loads. A page without a form that loads the validation-schema library
 * fails the build (that split is what keeps marketing pages light). The 100 KB target is
 * reported, not enforced: React, React DOM and React Router alone weigh 108.5 KB gzipped, so
 * enforcing it would fail every build (see bench/results/web-*.md).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../build/client');

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
  if (schemaMisplaced) failed = true;
  console.log(
    `${page.route.padEnd(32)} ${kb(page.gzipBytes).padStart(9)} gzip, ${page.scripts.length} scripts${overTarget ? '  (above the 100 KB target)' : ''}${schemaMisplaced ? '  LOADS THE VALIDATION LIBRARY' : ''}`,
  );
}
if (failed) {
  console.error('A marketing page without a form loads the validation-schema library.');
  process.exit(1);
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
