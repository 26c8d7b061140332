/**
 * Whether playwright-core loads through the code cache (code-cache.ts), apart from it so that
 * the CLI can ask for it without loading what the cache itself needs (node:vm).
 */
import os from 'node:os';
import path from 'node:path';

export interface CodeCacheOptions {
  /** Where the cache files live. */
  dir: string;
  /** The V8 flags set at run time, which V8 also checks (cached code under others is rejected). */
  flags: () => string;
}

let settings: CodeCacheOptions | null = null;

/** The CLI's cache directory: `$XDG_CACHE_HOME/crawlwise/v8`, else `~/.cache/crawlwise/v8`. */
export function defaultCodeCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'crawlwise', 'v8');
}

/** From now on, playwright-core loads through the cache (once it has loaded, no effect). */
export function useCodeCache(next: CodeCacheOptions | null): void {
  settings = next;
}

export function codeCacheSettings(): CodeCacheOptions | null {
  return settings;
}
