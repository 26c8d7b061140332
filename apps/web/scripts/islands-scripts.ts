import fs from 'node:fs';
import path from 'node:path';
import {
  NOT_FOUND_PRERENDER_PATH,
  PRERENDERED_ROUTES,
  prerenderedHtmlPath,
} from '@crawlwise/shared/routes';
import { ISLANDS_SCRIPT_PLACEHOLDER } from '../app/islands/placeholder.ts';
import { ISLANDS, isIslandName } from '../app/islands/registry.ts';
import type { IslandsManifest } from './islands-manifest.ts';

const PLACEHOLDER_TAG = `<script type="module" src="${ISLANDS_SCRIPT_PLACEHOLDER}"></script>`;
const ISLAND_ATTRIBUTE = /data-island="([^"]+)"/g;

/**
 * The scripts a prerendered page with these islands loads: the islands entry, every chunk it
 * imports, and the chunk of each island on the page with what that imports. Preloading the island
 * chunks saves the round trip the entry's dynamic imports would otherwise wait for.
 */
export function islandScripts(manifest: IslandsManifest, islands: readonly string[]): string[] {
  const wanted = new Set<string>();
  const visit = (file: string) => {
    if (wanted.has(file)) return;
    const chunk = manifest.chunks[file];
    if (!chunk) throw new Error(`islands build: no chunk ${file}`);
    wanted.add(file);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(manifest.entry);
  for (const name of islands) {
    if (!isIslandName(name)) throw new Error(`a prerendered page has an unknown island "${name}"`);
    const module = ISLANDS[name].module;
    const holder = Object.entries(manifest.chunks).find(([, chunk]) =>
      chunk.modules.includes(module),
    );
    if (!holder) throw new Error(`islands build: no chunk holds ${module} (island "${name}")`);
    visit(holder[0]);
  }
  wanted.delete(manifest.entry);
  return [manifest.entry, ...[...wanted].sort()];
}

/** The islands of a prerendered page, in the order they appear. */
export function islandsOfPage(html: string): string[] {
  return [...new Set([...html.matchAll(ISLAND_ATTRIBUTE)].map((match) => match[1] ?? ''))];
}

/**
 * Puts the islands script into every prerendered page, in place of the placeholder root.tsx
 * wrote: module preloads for what the page's islands need, then the entry. A page without the
 * placeholder fails the build — it would be loading React Router's whole app again.
 */
export function installIslandsScripts(root: string, manifest: IslandsManifest): number {
  let pages = 0;
  for (const route of [...PRERENDERED_ROUTES, NOT_FOUND_PRERENDER_PATH]) {
    const file = path.join(root, prerenderedHtmlPath(route));
    const html = fs.readFileSync(file, 'utf8');
    if (!html.includes(PLACEHOLDER_TAG)) {
      throw new Error(`${prerenderedHtmlPath(route)} has no islands script placeholder`);
    }
    const [entry, ...preloads] = islandScripts(manifest, islandsOfPage(html));
    const tags =
      preloads.map((chunk) => `<link rel="modulepreload" href="/${chunk}"/>`).join('') +
      `<script type="module" src="/${entry}"></script>`;
    fs.writeFileSync(file, html.replace(PLACEHOLDER_TAG, tags));
    pages += 1;
  }
  return pages;
}
