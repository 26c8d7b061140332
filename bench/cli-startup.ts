/**
 * CLI start-up benchmark: `npm run bench:cli` (see bench/README.md).
 *
 * Builds the compiled bin (packages/analyzer/cli-dist, as `npm pack` ships it) and times
 * `node cli-dist/crawlwise.js http:// --json` from spawn to the invalid_url JSON on stdout, and
 * to the process's exit. Node's own start-up (`node -e 0`) is timed in the same interleaved
 * rounds, so a loaded machine shows as a higher floor rather than as a slower CLI.
 *
 * Flags: --runs=<n> (40) --no-write
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ANALYZER = path.join(REPO_ROOT, 'packages/analyzer');
const BIN = path.join(ANALYZER, 'cli-dist/crawlwise.js');
/** Issue 13: at most this long from start to the JSON of an immediate error. */
const TARGET_MS = 300;
const WARM_UP_RUNS = 3;

const flags = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key as string, value ?? 'true'];
  }),
);
const RUNS = Number(flags.get('runs') ?? 40);

interface Timing {
  /** Spawn to the first complete line on stdout (null: none came). */
  outputMs: number | null;
  /** Spawn to exit. */
  exitMs: number;
  code: number | null;
  stdout: string;
}

function timeRun(args: string[]): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - start) / 1e6;
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    let outputMs: number | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (outputMs === null && stdout.includes('\n')) outputMs = elapsed();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ outputMs, exitMs: elapsed(), code, stdout }));
  });
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { median: round(at(0.5)), p95: round(at(0.95)), min: round(at(0)), max: round(at(1)) };
}

async function main() {
  execFileSync(process.execPath, [path.join(ANALYZER, 'scripts/build-cli.mjs')], {
    stdio: 'inherit',
  });
  const cliArgs = [BIN, 'http://', '--json'];
  const first = await timeRun(cliArgs);
  const answer = JSON.parse(first.stdout) as { error?: string };
  if (first.code !== 2 || answer.error !== 'invalid_url') {
    throw new Error(`unexpected answer (exit ${first.code}): ${first.stdout}`);
  }
  for (let i = 0; i < WARM_UP_RUNS; i++) {
    await timeRun(cliArgs);
    await timeRun(['-e', '0']);
  }
  const loadBefore = os.loadavg()[0] ?? 0;
  const cliOutput: number[] = [];
  const cliExit: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cli = await timeRun(cliArgs);
    cliOutput.push(cli.outputMs ?? Number.NaN);
    cliExit.push(cli.exitMs);
    bare.push((await timeRun(['-e', '0'])).exitMs);
  }
  const result = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      memGB: Math.round(os.totalmem() / 2 ** 30),
      loadAverage1m: { before: round1(loadBefore), after: round1(os.loadavg()[0] ?? 0) },
    },
    command: 'node packages/analyzer/cli-dist/crawlwise.js http:// --json',
    runs: RUNS,
    toJsonMs: stats(cliOutput),
    toExitMs: stats(cliExit),
    nodeAloneMs: stats(bare),
    target: { ms: TARGET_MS, met: stats(cliOutput).median <= TARGET_MS },
  };
  console.log(JSON.stringify(result, null, 2));
  if (flags.get('write') !== 'false' && !flags.has('no-write')) writeResults(result);
}

function round1(n: number) {
  return Math.round(n * 10) / 10;
}

function writeResults(result: {
  date: string;
  machine: { cpus: number; node: string; loadAverage1m: { before: number; after: number } };
  runs: number;
  toJsonMs: ReturnType<typeof stats>;
  toExitMs: ReturnType<typeof stats>;
  nodeAloneMs: ReturnType<typeof stats>;
  target: { ms: number; met: boolean };
}) {
  const day = result.date.slice(0, 10);
  const dir = path.join(REPO_ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `cli-startup-${day}.json`), `${JSON.stringify(result, null, 2)}\n`);
  const row = (name: string, s: ReturnType<typeof stats>) =>
    `| ${name} | ${s.median} | ${s.p95} | ${s.min} | ${s.max} |`;
  const md = `# CLI start-up — ${day}

\`npm run bench:cli\`: the compiled bin (\`packages/analyzer/cli-dist\`, as \`npm pack\` ships it)
answering \`crawlwise http:// --json\` with the invalid_url JSON, ${result.runs} runs interleaved
with \`node -e 0\` (Node's own start-up on this machine at the same moment). ${result.machine.cpus} CPUs,
Node ${result.machine.node}, 1-minute load average ${result.machine.loadAverage1m.before} → ${result.machine.loadAverage1m.after}.

| ms | median | p95 | min | max |
|---|---|---|---|---|
${row('spawn → invalid_url JSON on stdout', result.toJsonMs)}
${row('spawn → exit', result.toExitMs)}
${row('`node -e 0` (floor)', result.nodeAloneMs)}

Target (issue 13): ≤ ${result.target.ms} ms from start to the JSON — ${result.target.met ? 'met' : '**not met**'} (median).
`;
  writeFileSync(path.join(dir, `cli-startup-${day}.md`), md);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
