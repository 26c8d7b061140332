import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CACHE_FILES_PER_BUNDLE, withCodeCache } from './code-cache.ts';
import { defaultCodeCacheDir, useCodeCache } from './code-cache-settings.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CODE_CACHE = path.join(HERE, 'code-cache.ts');
const SETTINGS = path.join(HERE, 'code-cache-settings.ts');

describe('withCodeCache', () => {
  let root: string;
  let bundle: string;
  let cacheDir: string;
  const load = () => {
    const require = createRequire(bundle);
    delete require.cache[bundle];
    return withCodeCache(() => require(bundle) as { answer: number; dir: string; fs: boolean });
  };
  const cacheFiles = () => {
    try {
      return readdirSync(cacheDir).sort();
    } catch {
      return [];
    }
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'crawlwise-code-cache-'));
    const lib = path.join(root, 'node_modules/playwright-core/lib');
    mkdirSync(lib, { recursive: true });
    bundle = path.join(lib, 'coreBundle.js');
    // Uses what Node's loader gives a CommonJS file: require, module, __dirname.
    writeFileSync(
      bundle,
      `const fs = require('node:fs');
       function sum(a, b) { return a + b; }
       module.exports = { answer: sum(40, 2), dir: __dirname, fs: typeof fs.readFileSync === 'function' };`,
    );
    cacheDir = path.join(root, 'cache');
  });

  afterEach(() => {
    useCodeCache(null);
    rmSync(root, { recursive: true, force: true });
  });

  it('loads as usual and writes no cache unless asked to', () => {
    expect(load()).toEqual({ answer: 42, dir: path.dirname(bundle), fs: true });
    expect(cacheFiles()).toEqual([]);
  });

  it('writes the cache on the first load and reads it on the next', () => {
    useCodeCache({ dir: cacheDir, flags: () => '' });
    expect(load().answer).toBe(42);
    const [file] = cacheFiles();
    expect(file).toMatch(/^coreBundle-[0-9a-f]{32}\.bin$/);
    const written = readFileSync(path.join(cacheDir, file ?? ''));
    expect(load()).toEqual({ answer: 42, dir: path.dirname(bundle), fs: true });
    // Accepted, so not written again.
    expect(readFileSync(path.join(cacheDir, file ?? ''))).toEqual(written);
  });

  it('keys the cache by the flags and by the content', () => {
    let flags = '';
    useCodeCache({ dir: cacheDir, flags: () => flags });
    load();
    flags = '--max-opt=1';
    load();
    writeFileSync(bundle, 'module.exports = { answer: 7 };');
    expect(load().answer).toBe(7);
    expect(cacheFiles()).toHaveLength(3);
  });

  it('keeps the newest few files per bundle', () => {
    let flags = 0;
    useCodeCache({ dir: cacheDir, flags: () => String(flags) });
    for (flags = 0; flags < MAX_CACHE_FILES_PER_BUNDLE + 2; flags++) {
      load();
      // mtime ordering on a coarse clock.
      const newest = cacheFiles().map((name) => path.join(cacheDir, name));
      for (const file of newest) {
        const age = statSync(file).mtimeMs;
        utimesSync(file, new Date(age - 1000), new Date(age - 1000));
      }
    }
    expect(cacheFiles()).toHaveLength(MAX_CACHE_FILES_PER_BUNDLE);
  });

  it('recompiles and rewrites a cache V8 refuses', () => {
    useCodeCache({ dir: cacheDir, flags: () => '' });
    load();
    const file = path.join(cacheDir, cacheFiles()[0] ?? '');
    writeFileSync(file, Buffer.from('not a code cache'));
    // In a process of its own: V8 keeps what this one compiled and would not read the file.
    const script = `import { withCodeCache } from ${JSON.stringify(CODE_CACHE)};
      import { useCodeCache } from ${JSON.stringify(SETTINGS)};
      import { createRequire } from 'node:module';
      useCodeCache({ dir: ${JSON.stringify(cacheDir)}, flags: () => '' });
      const bundle = ${JSON.stringify(bundle)};
      process.stdout.write(String(withCodeCache(() => createRequire(bundle)(bundle)).answer));`;
    const answer = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    );
    expect(answer).toBe('42');
    expect(readFileSync(file).toString()).not.toBe('not a code cache');
  });

  it('leaves other files to the usual loader', () => {
    useCodeCache({ dir: cacheDir, flags: () => '' });
    const other = path.join(root, 'node_modules/playwright-core/index.js');
    writeFileSync(other, 'module.exports = 5;');
    expect(withCodeCache(() => createRequire(other)(other))).toBe(5);
    expect(cacheFiles()).toEqual([]);
  });

  it('lives in the user cache directory', () => {
    expect(defaultCodeCacheDir({ XDG_CACHE_HOME: '/x/cache' })).toBe('/x/cache/crawlwise/v8');
    expect(defaultCodeCacheDir({})).toBe(path.join(os.homedir(), '.cache/crawlwise/v8'));
  });
});
