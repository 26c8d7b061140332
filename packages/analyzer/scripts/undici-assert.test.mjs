import { AssertionError } from 'node:assert';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { undiciAssertOnFailure } from './undici-assert.mjs';

const dirs = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** Bundles `module.exports = require('node:assert')` from a file at `relative`, and loads it. */
async function assertAsBundledFrom(relative) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crawlwise-assert-'));
  dirs.push(dir);
  const entry = path.join(dir, relative);
  await mkdir(path.dirname(entry), { recursive: true });
  await writeFile(entry, "module.exports = require('node:assert');\n");
  const out = path.join(dir, 'out.cjs');
  await build({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    plugins: [undiciAssertOnFailure],
    logLevel: 'silent',
  });
  return createRequire(import.meta.url)(out);
}

describe("undici's assert in the CLI bundle", () => {
  it("passes a true condition and throws node:assert's AssertionError on a false one", async () => {
    const assert = await assertAsBundledFrom('node_modules/undici/lib/core/x.js');
    expect(assert.name).toBe('assertOnFailure');
    expect(assert(true)).toBeUndefined();
    expect(assert(1, 'unused')).toBeUndefined();
    expect(() => assert(false, 'broken invariant')).toThrow(AssertionError);
    expect(() => assert(0, 'broken invariant')).toThrow('broken invariant');
    expect(() => assert(null)).toThrow(AssertionError);
  });

  it('leaves node:assert alone outside undici', async () => {
    const assert = await assertAsBundledFrom('node_modules/other/lib/x.js');
    expect(assert).toBe(createRequire(import.meta.url)('node:assert'));
  });
});
