import { readdirSync, readFileSync } from 'node:fs';

/**
 * Memory and CPU of a process tree from /proc, as bench/footprint.ts measures `npm start`: every
 * process below a root (found from /proc/<pid>/stat's parent links), its RSS summed. A sampler
 * keeps the peak while a run goes on, and the CPU time each process spent since the sampler
 * started (its threads included): CPU per page does not depend on what else the machine runs the
 * way pages per second does, so it says what the machine could do at best.
 */

/** The parent pid in the text of /proc/<pid>/stat (the command may hold spaces and parens). */
export function parentPid(statText: string): number {
  const rest = statText.slice(statText.lastIndexOf(')') + 2).split(' ');
  return Number(rest[1]);
}

/** A `Field:   1234 kB` line of /proc/<pid>/status or smaps_rollup, in kB (0 when absent). */
export function kbField(text: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return match ? Number(match[1]) : 0;
}

/** The jiffies a process has run (user + system, all its threads) from /proc/<pid>/stat. */
export function cpuTicks(statText: string): number {
  const rest = statText.slice(statText.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (utime, stime); `rest` starts at field 3.
  return Number(rest[11]) + Number(rest[12]);
}

/** Clock ticks per second of /proc's CPU times (sysconf(_SC_CLK_TCK): 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The pids of live processes whose command name is `name` (e.g. PostgreSQL's backends). */
export function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // Gone.
    }
  }
  return pids;
}

/** CPU ms per page, one decimal (0 when no page finished). */
export function perPage(cpuMs: number, pages: number): number {
  return pages > 0 ? Math.round((cpuMs / pages) * 10) / 10 : 0;
}

/** `root` and every live process below it. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = parentPid(readFileSync(`/proc/${entry}/stat`, 'utf8'));
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

/** Summed RSS (kB) of the trees below `roots` (each pid counted once). */
export function treeRssKb(roots: readonly number[]): number {
  return rssKbOf(new Set(roots.flatMap((root) => processTree(root))));
}

/** Summed RSS (kB) of these processes. */
function rssKbOf(pids: Iterable<number>): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += kbField(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
    } catch {
      // Gone between the listing and the read.
    }
  }
  return total;
}

export interface PeakSampler {
  /** The largest summed RSS seen so far, MB. */
  peakMB(): number;
  /**
   * CPU time (ms) spent since the sampler started by the trees' processes and the `alsoCpu`
   * ones, as last sampled (a process's last 250 ms before it exits are not seen).
   */
  cpuMs(): number;
  /** Samples taken. */
  samples(): number;
  stop(): void;
}

/**
 * Samples the trees below `roots` every `intervalMs` until stopped; keeps the peak RSS, and the
 * CPU time of those processes and of `alsoCpu` (processes outside the tree that work for it, such
 * as PostgreSQL's backends; their memory is not counted) since the first sample.
 */
export function samplePeak(
  roots: () => readonly number[],
  intervalMs = 250,
  alsoCpu: () => readonly number[] = () => [],
): PeakSampler {
  let peakKb = 0;
  let count = 0;
  /** Per pid: ticks at its first sample (0 for a process born after the start) and the last. */
  const ticks = new Map<number, { first: number; last: number }>();
  const sampleCpu = (pids: Iterable<number>) => {
    for (const pid of pids) {
      try {
        const now = cpuTicks(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        const seen = ticks.get(pid);
        if (seen) seen.last = Math.max(seen.last, now);
        else ticks.set(pid, { first: count === 0 ? now : 0, last: now });
      } catch {
        // Gone between the listing and the read.
      }
    }
  };
  const take = () => {
    const tree = new Set(roots().flatMap((root) => processTree(root)));
    peakKb = Math.max(peakKb, rssKbOf(tree));
    sampleCpu(new Set([...tree, ...alsoCpu()]));
    count += 1;
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    peakMB: () => Math.round(peakKb / 1024),
    cpuMs: () => {
      let total = 0;
      for (const { first, last } of ticks.values()) total += last - first;
      return Math.round((total * 1000) / TICKS_PER_SECOND);
    },
    samples: () => count,
    stop: () => {
      clearInterval(timer);
      take();
    },
  };
}
