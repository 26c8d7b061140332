/**
 * Footprint benchmark: `npm run bench:footprint` (see bench/README.md).
 *
 * Runs `npm start` exactly as a user does (the production build, embedded database, embedded
 * worker) and measures the memory of the whole process tree it leaves running — npm's own
 * process, the shell, the server and, once it renders, the browser and its renderers:
 *   1. first start in an empty data directory (the cluster is created), idle;
 *   2. a restart on that directory, idle;
 *   3. a steady stream of analyses with rendering for --load-seconds, sampled every 250 ms;
 *   4. idle again once the browser's idle time has passed (IDLE_RELEASE_SECONDS).
 * Resident memory is given twice: RSS summed over the processes (counts pages shared between
 * Chromium's processes once per process, so it overstates) and PSS (each shared page divided
 * among its sharers: the tree's real share of the machine's memory).
 *
 * With --direct, the command `npm start` runs (package.json's `start` script: plain `node`) is
 * started by itself, as a service manager or a container's CMD runs it: no npm parent (about
 * 55 MB resident for as long as the server runs) and no shell.
 *
 * Flags: --load-seconds=<n> (60) --clients=<n> (4) --idle-seconds=<n> (10) --direct --no-write
 *   --out=<name> (results file name without extension)
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCorpusServer } from './corpus/server.ts';
import { perPage, samplePeak } from './crawl/process-tree.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const LOAD_SECONDS = Number(args.get('load-seconds') ?? 60);
const CLIENTS = Number(args.get('clients') ?? 4);
const IDLE_SECONDS = Number(args.get('idle-seconds') ?? 10);
const IDLE_RELEASE_SECONDS = 10;
const WRITE = !args.has('no-write');
const DIRECT = args.has('direct');
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_IDLE_MB = 450;
const TARGET_LOADED_MB = 1200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb: number) => Math.round(kb / 1024);

/** Every live process below `root` (and `root`), from /proc's parent links. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the ppid follows the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // The process ended while we were looking.
    }
  }
  const tree: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    tree.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function kbField(text: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return match ? Number(match[1]) : 0;
}

interface Sample {
  rssKb: number;
  pssKb: number;
  processes: number;
  byCommand: Record<string, number>;
}

function sampleTree(root: number): Sample {
  const sample: Sample = { rssKb: 0, pssKb: 0, processes: 0, byCommand: {} };
  for (const pid of processTree(root)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const rss = kbField(rollup, 'Rss');
      sample.rssKb += rss;
      sample.pssKb += kbField(rollup, 'Pss');
      sample.processes += 1;
      const command = path.basename(readFileSync(`/proc/${pid}/comm`, 'utf8').trim());
      sample.byCommand[command] = (sample.byCommand[command] ?? 0) + mb(rss);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return sample;
}

/** The largest of several samples over `seconds`: idle memory still moves a little (GC). */
async function idleSample(root: number, seconds: number): Promise<Sample> {
  await sleep(seconds * 1000);
  let peak = sampleTree(root);
  for (let i = 0; i < 8; i++) {
    await sleep(250);
    const next = sampleTree(root);
    if (next.rssKb > peak.rssKb) peak = next;
  }
  return peak;
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Started {
  child: ChildProcess;
  base: string;
  startMs: number;
  stop(): Promise<void>;
}

/** What starts the server: `npm start`, or with --direct the `start` script's own command. */
function startCommand(): [string, string[]] {
  if (!DIRECT) return ['npm', ['start', '--silent']];
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  const [command, ...rest] = String(pkg.scripts.start).split(/\s+/);
  return [command!, rest];
}

const COMMAND_LABEL = DIRECT
  ? '`npm start`’s command run directly (`node …`, no npm parent)'
  : '`npm start`';

/** `npm start`, as the README says, in its own process group so the whole tree can be stopped. */
async function npmStart(dataDir: string): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  const [command, commandArgs] = startCommand();
  const child = spawn(command, commandArgs, {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ALLOW_PRIVATE_TARGETS: '1',
      RATE_LIMITS: 'off',
      IDLE_RELEASE_SECONDS: String(IDLE_RELEASE_SECONDS),
      AUTH_SECRET: 'footprint-benchmark-secret-of-32-characters',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error('npm start exited during start-up');
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) {
      const startMs = Math.round(performance.now() - started);
      return {
        child,
        base,
        startMs,
        async stop() {
          process.kill(-child.pid!, 'SIGTERM');
          for (let j = 0; j < 100 && child.exitCode === null && child.signalCode === null; j++)
            await sleep(100);
          if (child.exitCode === null && child.signalCode === null)
            process.kill(-child.pid!, 'SIGKILL');
        },
      };
    }
    await sleep(250);
  }
  process.kill(-child.pid!, 'SIGKILL');
  throw new Error('npm start did not become ready in 60 s');
}

/** Keeps `clients` analyses in flight until `seconds` have passed; returns the outcomes. */
async function steadyLoad(base: string, urls: string[], seconds: number, root: number) {
  const deadline = Date.now() + seconds * 1000;
  const outcomes: Record<string, number> = {};
  const samples: Sample[] = [];
  const sampler = setInterval(() => samples.push(sampleTree(root)), 250);
  // CPU time of the tree during the load: what a memory setting may cost (threads included).
  const cpu = samplePeak(() => [root]);
  let next = 0;
  const client = async () => {
    while (Date.now() < deadline) {
      const url = urls[next++ % urls.length]!;
      const created = await fetch(`${base}/api/reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url }),
      });
      const body = (await created.json()) as { accessToken?: string };
      if (!body.accessToken) {
        outcomes[`http ${created.status}`] = (outcomes[`http ${created.status}`] ?? 0) + 1;
        continue;
      }
      // A report that never ends would stall the run: give each one a generous deadline.
      const giveUp = Date.now() + 120_000;
      let status = 'unfinished';
      while (Date.now() < giveUp) {
        await sleep(200);
        const polled = (await (await fetch(`${base}/api/reports/${body.accessToken}`)).json()) as {
          report?: { status: string };
        };
        const current = polled.report?.status ?? 'unknown';
        if (current === 'completed' || current === 'failed') {
          status = current;
          break;
        }
      }
      outcomes[status] = (outcomes[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  clearInterval(sampler);
  cpu.stop();
  const serverCpuMs = cpu.cpuMs([root]);
  const treeCpuMs = cpu.cpuMs();
  const peak = samples.reduce((a, b) => (b.pssKb > a.pssKb ? b : a));
  const peakRss = Math.max(...samples.map((s) => s.rssKb));
  const meanPss = samples.reduce((sum, s) => sum + s.pssKb, 0) / samples.length;
  return {
    outcomes,
    peak,
    peakRssKb: peakRss,
    meanPssKb: meanPss,
    samples: samples.length,
    serverCpuMs,
    treeCpuMs,
  };
}

function describe(sample: Sample) {
  return {
    rssMB: mb(sample.rssKb),
    pssMB: mb(sample.pssKb),
    processes: sample.processes,
    rssMBByCommand: sample.byCommand,
  };
}

async function main() {
  if (!existsSync(path.join(REPO_ROOT, 'apps/server/dist/main.js'))) {
    console.log('No production build: running npm run build first…');
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crawlwise-footprint-'));
  const loadBefore = os.loadavg()[0] ?? 0;
  const corpus = await startCorpusServer('crawlwise-bench-v1');
  try {
    console.log('1. first start in an empty data directory…');
    let server = await npmStart(dataDir);
    const firstStartMs = server.startMs;
    const firstIdle = await idleSample(server.child.pid!, IDLE_SECONDS);
    await server.stop();

    console.log('2. restart on the same directory…');
    server = await npmStart(dataDir);
    const restartMs = server.startMs;
    const restartIdle = await idleSample(server.child.pid!, IDLE_SECONDS);

    console.log(`3. ${CLIENTS} clients analysing with rendering for ${LOAD_SECONDS} s…`);
    const urls = corpus.corpus.pages.map((page) => `${corpus.origin}${page.path}`);
    const load = await steadyLoad(server.base, urls, LOAD_SECONDS, server.child.pid!);

    console.log(`4. idle again after the browser's ${IDLE_RELEASE_SECONDS} s idle time…`);
    const afterLoad = await idleSample(server.child.pid!, IDLE_RELEASE_SECONDS + IDLE_SECONDS);
    await server.stop();

    const result = {
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        memGB: Math.round(os.totalmem() / 2 ** 30),
        loadAverage1m: {
          before: Math.round(loadBefore * 10) / 10,
          after: Math.round((os.loadavg()[0] ?? 0) * 10) / 10,
        },
      },
      command: `${DIRECT ? 'node (npm start’s command, directly)' : 'npm start'} (production build, embedded PGlite database, embedded worker)`,
      firstStart: { readyMs: firstStartMs, ...describe(firstIdle) },
      restart: { readyMs: restartMs, ...describe(restartIdle) },
      loaded: {
        seconds: LOAD_SECONDS,
        clients: CLIENTS,
        outcomes: load.outcomes,
        peakPssMB: mb(load.peak.pssKb),
        peakRssMB: mb(load.peakRssKb),
        meanPssMB: mb(load.meanPssKb),
        serverCpuMsPerAnalysis: perPage(load.serverCpuMs, load.outcomes.completed ?? 0),
        treeCpuMsPerAnalysis: perPage(load.treeCpuMs, load.outcomes.completed ?? 0),
        atPeak: describe(load.peak),
      },
      idleAfterLoad: describe(afterLoad),
      targets: {
        idleMB: TARGET_IDLE_MB,
        loadedMB: TARGET_LOADED_MB,
        idleMet:
          Math.max(firstIdle.rssKb, restartIdle.rssKb, afterLoad.rssKb) / 1024 <= TARGET_IDLE_MB,
        loadedMet: load.peak.pssKb / 1024 <= TARGET_LOADED_MB,
      },
    };
    console.log(JSON.stringify(result, null, 2));
    if (WRITE) writeResults(result);
  } finally {
    await corpus.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function writeResults(result: {
  date: string;
  machine: { loadAverage1m: { before: number; after: number } };
  firstStart: ReturnType<typeof describe> & { readyMs: number };
  restart: ReturnType<typeof describe> & { readyMs: number };
  loaded: {
    seconds: number;
    clients: number;
    outcomes: Record<string, number>;
    peakPssMB: number;
    peakRssMB: number;
    meanPssMB: number;
    serverCpuMsPerAnalysis: number;
    treeCpuMsPerAnalysis: number;
  };
  idleAfterLoad: ReturnType<typeof describe>;
  targets: { idleMet: boolean; loadedMet: boolean };
}) {
  const day = result.date.slice(0, 10);
  const dir = path.join(REPO_ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const name = args.get('out') ?? `footprint-${day}${DIRECT ? '-direct' : ''}`;
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  const md = `# Footprint — ${day}

\`npm run bench:footprint${DIRECT ? ' -- --direct' : ''}\`: ${COMMAND_LABEL} (production build, embedded database, embedded worker),
the whole process tree it leaves running (${DIRECT ? 'server' : 'npm, shell, server'}, browser). RSS is summed over the
processes; PSS divides shared pages among their sharers. 1-minute load average
${result.machine.loadAverage1m.before} → ${result.machine.loadAverage1m.after} (other work on the machine slows the load phase).

| state | ready after | RSS (MB) | PSS (MB) | processes |
|---|---|---|---|---|
| idle after a first start (empty data directory) | ${result.firstStart.readyMs} ms | ${result.firstStart.rssMB} | ${result.firstStart.pssMB} | ${result.firstStart.processes} |
| idle after a restart | ${result.restart.readyMs} ms | ${result.restart.rssMB} | ${result.restart.pssMB} | ${result.restart.processes} |
| analysing with rendering, ${result.loaded.clients} clients for ${result.loaded.seconds} s: peak | — | ${result.loaded.peakRssMB} | ${result.loaded.peakPssMB} | — |
| analysing with rendering: mean | — | — | ${result.loaded.meanPssMB} | — |
| idle after the load (browser closed when idle) | — | ${result.idleAfterLoad.rssMB} | ${result.idleAfterLoad.pssMB} | ${result.idleAfterLoad.processes} |

Analyses during the load: ${Object.entries(result.loaded.outcomes)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ')}; CPU time per completed analysis: server ${result.loaded.serverCpuMsPerAnalysis} ms
(its threads included), whole tree ${result.loaded.treeCpuMsPerAnalysis} ms (browser included).

Targets (issue 13): idle ≤ ${TARGET_IDLE_MB} MB RSS for the whole tree — ${met(result.targets.idleMet)};
under load ≤ ${TARGET_LOADED_MB} MB including the browser (PSS) — ${met(result.targets.loadedMet)}.
Issue 23: ≤ 300 MB after start — ${met(Math.max(result.firstStart.rssMB, result.restart.rssMB) <= 300)}; back under 400 MB
within IDLE_RELEASE_SECONDS after the load — ${met(result.idleAfterLoad.rssMB < 400)}.

Idle RSS by process: first start ${JSON.stringify(result.firstStart.rssMBByCommand)}, restart
${JSON.stringify(result.restart.rssMBByCommand)}.
`;
  writeFileSync(path.join(dir, `${name}.md`), md);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
