import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHROMIUM_PATH,
  type FindBrowserDeps,
  findBrowser,
  HEADLESS_SHELL_PATH,
} from './browser-path.ts';

/** A fake file system where only `executables` exist, and an optional fake package. */
function fakeDeps(
  executables: string[],
  sparticuz?: (tmpdir: string | undefined) => string,
): FindBrowserDeps & { loaded: number } {
  const present = new Set(executables);
  const deps = {
    loaded: 0,
    platform: 'linux' as NodeJS.Platform,
    isExecutable: async (path: string) => present.has(path),
    loadSparticuz: async () => {
      deps.loaded += 1;
      if (!sparticuz) return null;
      return {
        executablePath: async () => {
          const path = sparticuz(process.env.TMPDIR);
          present.add(path);
          return path;
        },
      };
    },
  };
  return deps;
}

describe('findBrowser', () => {
  it('prefers an executable CHROMIUM_PATH', async () => {
    const deps = fakeDeps(['/opt/chrome', HEADLESS_SHELL_PATH, CHROMIUM_PATH]);
    expect(await findBrowser({ CHROMIUM_PATH: '/opt/chrome' }, undefined, deps)).toEqual({
      path: '/opt/chrome',
      source: 'CHROMIUM_PATH',
    });
  });

  it('ignores a CHROMIUM_PATH that is not an executable and falls back to the headless shell', async () => {
    const deps = fakeDeps([HEADLESS_SHELL_PATH, CHROMIUM_PATH]);
    expect(await findBrowser({ CHROMIUM_PATH: '/nowhere/chrome' }, undefined, deps)).toEqual({
      path: HEADLESS_SHELL_PATH,
      source: 'headless-shell',
    });
  });

  it('uses full chromium when the headless shell is missing', async () => {
    const deps = fakeDeps([CHROMIUM_PATH]);
    expect(await findBrowser({}, undefined, deps)).toEqual({
      path: CHROMIUM_PATH,
      source: 'chromium',
    });
    expect(deps.loaded).toBe(0);
  });

  it('unpacks @sparticuz/chromium into <dataDir>/chromium and restores TMPDIR', async () => {
    const before = process.env.TMPDIR;
    const dataDir = mkdtempSync(join(tmpdir(), 'crawlwise-browser-path-'));
    try {
      const deps = fakeDeps([], (unpackDir) => `${unpackDir}/chromium`);
      expect(await findBrowser({}, dataDir, deps)).toEqual({
        path: `${dataDir}/chromium/chromium`,
        source: 'sparticuz',
      });
      expect(process.env.TMPDIR).toBe(before);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reuses an already unpacked binary without loading the package', async () => {
    const deps = fakeDeps(['/data/chromium/chromium']);
    expect(await findBrowser({}, '/data', deps)).toEqual({
      path: '/data/chromium/chromium',
      source: 'sparticuz',
    });
    expect(deps.loaded).toBe(0);
  });

  it('returns null when nothing is available', async () => {
    expect(await findBrowser({ CHROMIUM_PATH: '/nowhere' }, undefined, fakeDeps([]))).toBeNull();
  });

  it('returns null when unpacking fails', async () => {
    const deps = fakeDeps([], () => {
      throw new Error('no space left');
    });
    expect(await findBrowser({}, undefined, deps)).toBeNull();
  });

  it('does not try the Linux-only package on other platforms', async () => {
    const deps = { ...fakeDeps([], () => '/x'), platform: 'darwin' as NodeJS.Platform };
    expect(await findBrowser({}, undefined, deps)).toBeNull();
  });
});
