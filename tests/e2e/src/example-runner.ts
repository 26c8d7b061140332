import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  cleanNpmEnv,
  lockForTarball,
  packAnalyzer,
} from '@crawlwise/analyzer/test-support/packed-install';

/**
 * What the developers-page test needs to run the page's examples as a reader would: a shell
 * that runs an example's text, the packed CLI installed from its tarball, and a throw-away
 * project in which a TypeScript example resolves the workspace's packages.
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const run = promisify(execFile);

export interface ShellResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `script` as GitHub Actions runs a `run:` step (`bash --noprofile --norc -eo pipefail`),
 * in `cwd` with exactly `env`; resolves with the exit code rather than throwing.
 */
export function runShell(
  script: string,
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<ShellResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 90_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
  });
}

export interface InstalledCli {
  /** The file name `npm pack` gave the tarball. */
  tarball: string;
  /** A directory whose `crawlwise` is the installed CLI (put it first on PATH). */
  binDir: string;
  remove(): void;
}

/**
 * `npm pack -w @crawlwise/analyzer`, then the tarball installed as `npm install --global` would,
 * but from the local npm cache only (`npm ci --offline` with a lock made for the tarball, as the
 * packed-CLI test does): a test must not depend on the registry. The `crawlwise` on `binDir`
 * adds `--allow-private`, because the test's pages are on 127.0.0.1, which the CLI otherwise
 * refuses; nothing else differs from the installed command.
 */
export async function installPackedCli(): Promise<InstalledCli> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-devpage-cli-'));
  const tarball = await packAnalyzer(REPO_ROOT, dir);
  const project = path.join(dir, 'project');
  fs.mkdirSync(project);
  lockForTarball(REPO_ROOT, tarball, project);
  await run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], {
    cwd: project,
    env: cleanNpmEnv(),
    timeout: 240_000,
  });
  const binDir = path.join(dir, 'bin');
  fs.mkdirSync(binDir);
  const installed = path.join(project, 'node_modules/.bin/crawlwise');
  fs.writeFileSync(
    path.join(binDir, 'crawlwise'),
    `#!/bin/sh\nexec "${installed}" "$@" --allow-private\n`,
    { mode: 0o755 },
  );
  return {
    tarball: path.basename(tarball),
    binDir,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export interface ScratchProject {
  dir: string;
  write(file: string, text: string): string;
  remove(): void;
}

/**
 * An empty ES-module project outside the repository whose node_modules is the workspace's, so
 * an example imports `@crawlwise/client` and runs `npx tsx` as it would in a checkout, and
 * `tsc` checks it with the repository's compiler settings.
 */
export function scratchProject(): ScratchProject {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-devpage-ts-'));
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: path.join(REPO_ROOT, 'tsconfig.base.json'),
      include: ['*.ts'],
    }),
  );
  return {
    dir,
    write: (file, text) => {
      const target = path.join(dir, file);
      fs.writeFileSync(target, text);
      return target;
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** `tsc --noEmit` over the scratch project: the compiler's messages, empty when it type-checks. */
export async function typeErrors(project: ScratchProject): Promise<string> {
  try {
    await run(path.join(REPO_ROOT, 'node_modules/.bin/tsc'), ['-p', project.dir], {
      cwd: project.dir,
      timeout: 120_000,
    });
    return '';
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    return `${failed.stdout ?? ''}${failed.stderr ?? ''}` || failed.message;
  }
}

/** The part of a GitHub Actions step these examples use. */
export interface WorkflowStep {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
}

export interface StepOutcome {
  label: string;
  /** null: not run (a `uses:` action, a step done beforehand, or skipped after a failure). */
  result: ShellResult | null;
}

/**
 * Runs a job's `run:` steps in order as a runner does: once a step has failed, only steps with
 * `if: always()` still run. `uses:` steps are GitHub's own actions (checkout, setup-node) and
 * are not run here; nor is a step `doneBeforehand` says the test has already done its way.
 */
export async function runJobSteps(
  steps: readonly WorkflowStep[],
  options: { cwd: string; env: NodeJS.ProcessEnv; doneBeforehand: (run: string) => boolean },
): Promise<StepOutcome[]> {
  const outcomes: StepOutcome[] = [];
  let failed = false;
  for (const step of steps) {
    const label = step.name ?? step.uses ?? step.run ?? '(step)';
    const runs = step.run !== undefined && !step.uses && !options.doneBeforehand(step.run);
    if (!runs || (failed && step.if?.trim() !== 'always()')) {
      outcomes.push({ label, result: null });
      continue;
    }
    const result = await runShell(step.run as string, options);
    if (result.code !== 0) failed = true;
    outcomes.push({ label, result });
  }
  return outcomes;
}
