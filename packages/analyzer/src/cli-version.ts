import { readFileSync } from 'node:fs';

/**
 * The package's version, read from its package.json at run time: src/ and the bundle's
 * cli-dist/ both sit one level below it, so the same relative path works from either.
 */
export function cliVersion(): string {
  try {
    const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
    return (JSON.parse(text) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
