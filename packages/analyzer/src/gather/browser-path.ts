/**
 * Finds a Chromium binary for the render gatherer. The render is optional: when nothing is found
 * the caller records the render as skipped instead of failing the analysis.
 */
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export type BrowserSource = 'CHROMIUM_PATH' | 'headless-shell' | 'chromium' | 'sparticuz';

export interface FoundBrowser {
  path: string;
  source: BrowserSource;
}

/** Debian's packages. The headless shell comes first: it starts and renders about 2.7x faster. */
export const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The part of @sparticuz/chromium we use; its `args` are deliberately not used (see below). */
interface SparticuzChromium {
  executablePath(input?: string): Promise<string>;
}

/** File-system and package access, injectable so the search order can be unit-tested. */
export interface FindBrowserDeps {
  isExecutable(path: string): Promise<boolean>;
  /** The optional package's default export, or null when it is not installed. */
  loadSparticuz(): Promise<SparticuzChromium | null>;
  platform: NodeJS.Platform;
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function loadSparticuz(): Promise<SparticuzChromium | null> {
  try {
    // A variable specifier keeps bundlers and tsc from requiring the optional dependency.
    const specifier = '@sparticuz/chromium';
    const mod = (await import(specifier)) as { default?: SparticuzChromium };
    return mod.default ?? null;
  } catch {
    return null;
  }
}

const defaultDeps: FindBrowserDeps = { isExecutable, loadSparticuz, platform: process.platform };

export async function findBrowser(
  env: NodeJS.ProcessEnv = process.env,
  dataDir?: string,
  deps: FindBrowserDeps = defaultDeps,
): Promise<FoundBrowser | null> {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured && (await deps.isExecutable(configured))) {
    return { path: configured, source: 'CHROMIUM_PATH' };
  }
  if (await deps.isExecutable(HEADLESS_SHELL_PATH)) {
    return { path: HEADLESS_SHELL_PATH, source: 'headless-shell' };
  }
  if (await deps.isExecutable(CHROMIUM_PATH)) {
    return { path: CHROMIUM_PATH, source: 'chromium' };
  }
  const path = await sparticuzPath(dataDir, deps);
  return path ? { path, source: 'sparticuz' } : null;
}

/** Single flight: two analyses starting together must not unpack the archive twice at once. */
let unpacking: Promise<string | null> | null = null;

async function sparticuzPath(
  dataDir: string | undefined,
  deps: FindBrowserDeps,
): Promise<string | null> {
  // The package ships a Linux x64 build only (and relies on Linux shared libraries).
  if (deps.platform !== 'linux') return null;
  const extractDir = dataDir ? join(dataDir, 'chromium') : undefined;
  // Already unpacked by an earlier run: skip importing the package and touching TMPDIR.
  if (extractDir && (await deps.isExecutable(join(extractDir, 'chromium')))) {
    return join(extractDir, 'chromium');
  }
  unpacking ??= unpackSparticuz(extractDir, deps).finally(() => {
    unpacking = null;
  });
  return unpacking;
}

async function unpackSparticuz(
  extractDir: string | undefined,
  deps: FindBrowserDeps,
): Promise<string | null> {
  const chromium = await deps.loadSparticuz();
  if (!chromium) return null;
  // executablePath() unpacks into os.tmpdir() and has no option for another directory;
  // os.tmpdir() reads TMPDIR on every call, so pointing TMPDIR at the data directory for the
  // duration of the unpack is the only way to keep the ~170 MB binary out of /tmp.
  const previous = process.env.TMPDIR;
  try {
    if (extractDir) {
      await mkdir(extractDir, { recursive: true });
      process.env.TMPDIR = extractDir;
    }
    const path = await chromium.executablePath();
    return (await deps.isExecutable(path)) ? path : null;
  } catch {
    return null;
  } finally {
    if (extractDir) {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
    }
  }
}
