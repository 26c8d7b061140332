import { execFile } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BASELINE_ONLY_MAX_CHARS } from './cli-v8-tiers.ts';

const run = promisify(execFile);
const MODULE = pathToFileURL(fileURLToPath(new URL('./cli-v8-tiers.ts', import.meta.url))).href;
/** V8's %GetOptimizationStatus bit for a function running optimised code. */
const OPTIMIZED = 16;

/**
 * In a fresh process (the flags hold for the rest of a process): chooses the tiers for a page of
 * `chars` characters, then runs a hot function long enough for TurboFan to take it (compiled on
 * the main thread, so the answer does not depend on a background thread's timing).
 */
async function tiersAfter(chars: number): Promise<{ chose: boolean; optimized: boolean }> {
  const script = `
    const { chooseTiersForPage } = await import(${JSON.stringify(MODULE)});
    const chose = chooseTiersForPage(${chars});
    function hot(n) { let s = 0; for (let i = 0; i < n; i++) s = (s + i * 7) % 1013; return s; }
    for (let i = 0; i < 2000; i++) hot(1000);
    console.log(JSON.stringify({ chose, status: %GetOptimizationStatus(hot) }));`;
  const { stdout } = await run(process.execPath, [
    '--allow-natives-syntax',
    '--no-concurrent-recompilation',
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    script,
  ]);
  const { chose, status } = JSON.parse(stdout) as { chose: boolean; status: number };
  return { chose, optimized: (status & OPTIMIZED) !== 0 };
}

describe('V8 tiers of a one-page run', () => {
  it('keeps a page of usual size off TurboFan', async () => {
    expect(await tiersAfter(86 * 1024)).toEqual({ chose: true, optimized: false });
  });

  it('leaves TurboFan on for a page larger than the limit', async () => {
    expect(await tiersAfter(BASELINE_ONLY_MAX_CHARS + 1)).toEqual({
      chose: false,
      optimized: true,
    });
  });
});
