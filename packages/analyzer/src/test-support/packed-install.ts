import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  optional?: boolean;
  dev?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  [key: string]: unknown;
}

/** npm's environment without what `npm run`/vitest put in it (workspace, prefix, user config). */
export function cleanNpmEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(key)) env[key] = value;
  }
  return { ...env, ...extra };
}

/**
 * A package-lock.json for a project that depends only on the packed tarball, with every
 * dependency pinned to the version, integrity and place the workspace's own lock gives it. With
 * integrities known, `npm ci --offline` takes each package from the local npm cache (filled by
 * the workspace's `npm ci`) and never asks the registry. It resolves names the way Node does:
 * from the requiring package's node_modules upwards.
 */
export function lockForTarball(workspaceRoot: string, tarball: string, projectDir: string) {
  const workspaceLock = JSON.parse(
    readFileSync(path.join(workspaceRoot, 'package-lock.json'), 'utf8'),
  ) as { packages: Record<string, LockEntry> };
  const source = workspaceLock.packages;
  const analyzer = JSON.parse(
    readFileSync(path.join(workspaceRoot, 'packages/analyzer/package.json'), 'utf8'),
  ) as LockEntry & { name: string; bin?: Record<string, string>; engines?: unknown };
  const target = 'node_modules/@crawlwise/analyzer';
  const tarballBytes = readFileSync(tarball);
  const packages: Record<string, LockEntry> = {
    '': { dependencies: { [analyzer.name]: `file:${path.relative(projectDir, tarball)}` } },
    [target]: {
      version: analyzer.version,
      resolved: `file:${path.relative(projectDir, tarball)}`,
      integrity: `sha512-${createHash('sha512').update(tarballBytes).digest('base64')}`,
      dependencies: analyzer.dependencies,
      optionalDependencies: analyzer.optionalDependencies,
      bin: analyzer.bin,
      engines: analyzer.engines,
    },
  };
  // Workspace location of a requirer → its location in the new project.
  const moved = (location: string) =>
    location.startsWith('packages/analyzer')
      ? target + location.slice('packages/analyzer'.length)
      : location;
  const queue: Array<{ from: string; name: string; optional: boolean }> = [];
  const enqueue = (from: string, entry: LockEntry) => {
    for (const name of Object.keys(entry.dependencies ?? {}))
      queue.push({ from, name, optional: false });
    for (const name of Object.keys(entry.optionalDependencies ?? {}))
      queue.push({ from, name, optional: true });
  };
  enqueue('packages/analyzer', analyzer);
  while (queue.length > 0) {
    const { from, name, optional } = queue.shift() as (typeof queue)[number];
    const found = resolveIn(source, from, name);
    if (!found) {
      if (optional) continue;
      throw new Error(`${name} (needed by ${from || 'the root'}) is not in the workspace lock`);
    }
    const location = moved(found);
    if (packages[location]) continue;
    const {
      dev: _dev,
      devOptional: _devOptional,
      peer: _peer,
      ...entry
    } = source[found] as LockEntry;
    packages[location] = entry;
    enqueue(found, entry);
  }
  writeFileSync(
    path.join(projectDir, 'package.json'),
    `${JSON.stringify({ name: 'packed-cli-check', private: true, dependencies: packages['']?.dependencies }, null, 2)}\n`,
  );
  writeFileSync(
    path.join(projectDir, 'package-lock.json'),
    `${JSON.stringify({ name: 'packed-cli-check', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`,
  );
}

function resolveIn(lock: Record<string, LockEntry>, from: string, name: string): string | null {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock[candidate] && !lock[candidate].link) return candidate;
    if (!dir) return null;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent >= 0 ? dir.slice(0, parent) : '';
  }
}

/** npm pack of the analyzer workspace (its prepack builds cli-dist) into `destination`. */
export async function packAnalyzer(workspaceRoot: string, destination: string): Promise<string> {
  const { stdout } = await run(
    'npm',
    ['pack', '-w', '@crawlwise/analyzer', '--pack-destination', destination, '--json'],
    { cwd: workspaceRoot, env: cleanNpmEnv(), maxBuffer: 16 * 2 ** 20 },
  );
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string }>;
  if (!packed) throw new Error('npm pack reported no tarball');
  return path.join(destination, packed.filename);
}
