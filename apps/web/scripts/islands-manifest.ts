/** What the islands build (vite.islands.config.ts) writes for the postbuild, relative to apps/web. */
export const ISLANDS_MANIFEST_FILE = 'build/islands-manifest.json';

export interface IslandsManifest {
  /** The entry chunk, e.g. `assets/islands-AbC123.js`. */
  entry: string;
  /** Every chunk by file name: the chunks it imports statically, and the app modules it holds. */
  chunks: Record<string, { imports: string[]; modules: string[] }>;
}
