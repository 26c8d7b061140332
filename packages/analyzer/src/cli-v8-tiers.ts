import { setFlagsFromString } from 'node:v8';

/**
 * V8's tiers for a one-page run of the CLI (issue 23.1). A one-page run is one short burst of
 * work, and V8's optimising compilers are tuned for long-running programs: what they compile in
 * the background often lands after the analysis is over. Flags are read when V8 decides to
 * compile, so they are set once the page is known, from here.
 */

/**
 * Up to this many characters of HTML, a one-page run analyses the page with the interpreter and
 * the baseline compiler only (no TurboFan). Measured on the bench corpus (user + sys CPU of the
 * whole run, median of 7): 86 KB 273 → 245 ms, 275 KB 454 → 365 ms, 715 KB 729 → 677 ms; but
 * 1.2 MB 723 → 958 ms and 2 MB 631 → 889 ms, where the parse and checks run long enough to repay
 * optimised code.
 */
export const BASELINE_ONLY_MAX_CHARS = 512 * 1024;

const flagsSet: string[] = [];

/** The flags set from here so far: V8 refuses code cached under other flags (code-cache.ts). */
export function v8FlagsSet(): string {
  return flagsSet.join(' ');
}

function setFlag(flag: string): void {
  setFlagsFromString(flag);
  flagsSet.push(flag);
}

/**
 * Before anything connects: undici's parser (WebAssembly) is worth V8's baseline compiler only.
 * By default V8 also optimises its hot functions in the background, ~0.1 s of CPU that a
 * one-page run then waits for on its way out. Wasm flags are read at compile time, and the
 * parser compiles at the first connection.
 */
export function useBaselineWasm(): void {
  setFlag('--liftoff-only');
}

/**
 * Once the page is fetched: a page of at most BASELINE_ONLY_MAX_CHARS is analysed without
 * TurboFan (`--max-opt=1`: Ignition and Sparkplug), a larger one keeps V8's defaults. Returns
 * whether the optimising compiler was switched off. For a run that analyses one page only: the
 * flag holds for the rest of the process.
 */
export function chooseTiersForPage(htmlChars: number): boolean {
  if (htmlChars > BASELINE_ONLY_MAX_CHARS) return false;
  setFlag('--max-opt=1');
  return true;
}
