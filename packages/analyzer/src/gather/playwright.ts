import { createRequire } from 'node:module';
import type * as Playwright from 'playwright-core';
import { withCodeCache } from './code-cache.ts';

/**
 * playwright-core, loaded by Node's CommonJS loader. It is a CommonJS package: imported from an
 * ES module (the CLI's bundle, or this source), Node's ESM loader runs its CommonJS lexer over
 * the package's files to find their exports, which took ~150 ms of CPU more than require()
 * before a rendering run could launch the browser (issue 23.1). Only the browser side imports
 * this module, and only when a page is rendered (lazy-renderer.ts; build-cli.mjs fails the
 * build if a one-page run without render would load it). The CLI's render compiles its bundles
 * from a code cache (code-cache.ts).
 */
const playwright: typeof Playwright = withCodeCache(() =>
  createRequire(import.meta.url)('playwright-core'),
);

export const { chromium, errors } = playwright;
