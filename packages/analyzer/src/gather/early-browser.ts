/**
 * The browser of a one-page CLI run, started before playwright-core is loaded (issue 23.1):
 * loading it took ~300 ms of the run's single thread, and Chromium's own start-up (~200 ms,
 * in its own processes) waited behind it. Here the binary is found, the egress proxy started
 * and Chromium spawned first, then the pool loads playwright-core and attaches
 * (browser-pool.ts). No import of playwright-core here.
 */
import type { AddressGuard } from '../types.ts';
import { browserEnv } from './browser-flags.ts';
import { type FoundBrowser, findBrowser } from './browser-path.ts';
import { type EgressProxy, startEgressProxy } from './egress-proxy.ts';
import { type SpawnedBrowser, spawnBrowser } from './spawn-browser.ts';

export interface BrowserSearchOptions {
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
  findBrowser?: () => Promise<FoundBrowser | null>;
}

/** The pool's binary search: the override, or findBrowser; a failure counts as none found. */
export function searchBrowser(options: BrowserSearchOptions): Promise<FoundBrowser | null> {
  const find =
    options.findBrowser ?? (() => findBrowser(options.env ?? process.env, options.dataDir));
  return find().catch(() => null);
}

/** What the pool takes over: its binary search's answer, its proxy and the spawned browser. */
export interface EarlyBrowser {
  found: Promise<FoundBrowser | null>;
  /** The proxy the browser's flags name; null when there was no binary to start. */
  proxy: Promise<EgressProxy | null>;
  /** Null when nothing could be spawned; the pool then launches as usual. */
  browser: Promise<SpawnedBrowser | null>;
}

export function startEarlyBrowser(
  options: BrowserSearchOptions & { guard: AddressGuard },
): EarlyBrowser {
  const found = searchBrowser(options);
  const proxy = found.then((binary) => (binary ? startEgressProxy(options.guard) : null));
  const browser = Promise.all([found, proxy]).then(([binary, egress]) =>
    binary && egress
      ? spawnBrowser({
          executablePath: binary.path,
          proxyPort: egress.port,
          env: browserEnv(options.env ?? process.env),
        })
      : null,
  );
  // A failed spawn (say, a temporary directory that cannot be made) or proxy leaves the launch
  // to the pool, which reports what goes wrong then.
  proxy.catch(() => undefined);
  return { found, proxy, browser: browser.catch(() => null) };
}

export type StartEarlyBrowser = typeof startEarlyBrowser;
