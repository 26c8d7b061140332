import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { perPage, samplePeak } from './process-tree.ts';
import type { RunGuard } from './run-support.ts';

/** The yardstick (yardstick-child.ts) run in its own process group, its tree's memory sampled. */

export interface YardstickResult {
  name: string;
  concurrency: number;
  /** Requests whose answer was parsed (any status crawlee hands to the handler). */
  handled: number;
  /** Requests crawlee gave up on (4xx / 5xx answers and failed fetches; no retries). */
  failed: number;
  durationMs: number;
  wallMs: number;
  pagesPerSecond: number;
  peakRssMB: number;
  /** CPU time of the run's process tree per finished address, ms. */
  cpuMsPerPage: number;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));

export async function runYardstick(
  url: string,
  concurrency: number,
  maxRequests: number,
  guard: RunGuard,
): Promise<YardstickResult> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(HERE, 'yardstick-child.ts'),
      url,
      String(concurrency),
      String(maxRequests),
    ],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CRAWLEE_PERSIST_STORAGE: 'false' },
    },
  );
  guard.track(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const sampler = samplePeak(() => [child.pid!]);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  sampler.stop();
  const wallMs = Math.round(performance.now() - started);
  const line = stdout.trim().split('\n').pop() ?? '';
  if (code !== 0 || !line.startsWith('{')) {
    throw new Error(`yardstick exited with ${code}: ${stderr || stdout}`);
  }
  const out = JSON.parse(line) as {
    handled: number;
    failed: number;
    durationMs: number;
  };
  const total = out.handled + out.failed;
  return {
    name: 'yardstick: crawlee CheerioCrawler (fetch + parse + links)',
    concurrency,
    handled: out.handled,
    failed: out.failed,
    durationMs: out.durationMs,
    wallMs,
    pagesPerSecond: Math.round((total / (out.durationMs / 1000)) * 10) / 10,
    peakRssMB: sampler.peakMB(),
    cpuMsPerPage: perPage(sampler.cpuMs(), total),
  };
}
