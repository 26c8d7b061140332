/**
 * A V8 code cache for playwright-core's two bundles (7 MB of JavaScript), for the CLI's one-page
 * render (issue 23.1): compiling them was about a third of the ~300 ms playwright-core took to
 * load, all on the run's only thread before the render could start. Node 20 has no
 * module.enableCompileCache, so the two files are compiled here with vm.Script and `cachedData`,
 * through a hook on the CommonJS loader that is in place only during the require of
 * playwright-core (gather/playwright.ts), and only once the CLI has asked for it.
 *
 * The cache is trusted input to V8, and V8 checks only its own version, the flags and the
 * source's length: so each file is named by a hash of the bundle's content, Node's version and
 * the V8 flags the run set (a one-page run sets its own: cli-v8-tiers.ts), written atomically,
 * and rewritten when V8 rejects it.
 */
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { type CodeCacheOptions, codeCacheSettings } from './code-cache-settings.ts';

/** The files worth caching: the two bundles make up nearly all of playwright-core's code. */
const CACHED_FILE = /[\\/]playwright-core[\\/]lib[\\/](coreBundle|utilsBundle)\.js$/;

type CompileHook = (module: Module, filename: string) => void;
type Extensions = Record<string, CompileHook>;

/** `load()`, with the bundles compiled from and into the cache when the CLI asked for it. */
export function withCodeCache<T>(load: () => T): T {
  const active = codeCacheSettings();
  if (!active) return load();
  const extensions = (Module as unknown as { _extensions: Extensions })._extensions;
  const original = extensions['.js'] as CompileHook;
  const toWrite: Array<() => void> = [];
  extensions['.js'] = (module, filename) => {
    if (!CACHED_FILE.test(filename)) return original(module, filename);
    const write = compileCached(module, filename, active);
    if (write) toWrite.push(write);
  };
  try {
    return load();
  } finally {
    extensions['.js'] = original;
    // After the load, so the cache holds the functions its initialisation compiled too.
    for (const write of toWrite) write();
  }
}

/** Runs the file as Node's loader would; returns the cache's writer when it must be (re)made. */
function compileCached(
  module: Module,
  filename: string,
  { dir, flags }: CodeCacheOptions,
): (() => void) | null {
  const source = readFileSync(filename, 'utf8');
  const key = createHash('sha256')
    .update(`${process.version}\0${process.arch}\0${flags()}\0`)
    .update(source)
    .digest('hex')
    .slice(0, 32);
  const file = path.join(dir, `${path.basename(filename, '.js')}-${key}.bin`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(file);
  } catch {
    // First run, or a cache that could not be written: compiled as usual.
  }
  const script = new vm.Script(Module.wrap(source), {
    filename,
    ...(cachedData ? { cachedData } : {}),
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  const require = Module.createRequire(filename);
  wrapper.call(module.exports, module.exports, require, module, filename, path.dirname(filename));
  if (cachedData && !script.cachedDataRejected) return null;
  return () => {
    writeAtomically(dir, file, script.createCachedData());
    dropOldest(dir, `${path.basename(filename, '.js')}-`);
  };
}

/**
 * Files per bundle kept: one per V8 flag variant a run can load it under (two), times an older
 * Node or playwright-core still in use. Without a limit each upgrade would leave ~3 MB behind.
 */
export const MAX_CACHE_FILES_PER_BUNDLE = 4;

/** Only written on a miss, so an old file is one no recent run has asked for. */
function dropOldest(dir: string, prefix: string): void {
  try {
    const files = readdirSync(dir)
      .filter((name) => name.startsWith(prefix) && name.endsWith('.bin'))
      .map((name) => ({ name, mtime: statSync(path.join(dir, name)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime);
    for (const old of files.slice(MAX_CACHE_FILES_PER_BUNDLE)) {
      rmSync(path.join(dir, old.name), { force: true });
    }
  } catch {
    // Another run pruning at the same time; the next miss tries again.
  }
}

/** A temporary file renamed into place: a run never reads half a cache. Failures are ignored. */
function writeAtomically(dir: string, file: string, data: Buffer): void {
  try {
    mkdirSync(dir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  } catch {
    // A read-only home: every run compiles, as without the cache.
  }
}
