import { readdirSync, readFileSync } from 'node:fs';

/**
 * Memory of a process tree from /proc, as bench/footprint.ts measures `npm start`: every
 * process below a root (found from /proc/<pid>/stat's parent links), its RSS summed. A sampler
 * keeps the peak while a run goes on.
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
  const pids = new Set(roots.flatMap((root) => processTree(root)));
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
  /** Samples taken. */
  samples(): number;
  stop(): void;
}

/** Samples the trees below `roots` every `intervalMs` until stopped; keeps the peak. */
export function samplePeak(roots: () => readonly number[], intervalMs = 250): PeakSampler {
  let peakKb = 0;
  let count = 0;
  const take = () => {
    peakKb = Math.max(peakKb, treeRssKb(roots()));
    count += 1;
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    peakMB: () => Math.round(peakKb / 1024),
    samples: () => count,
    stop: () => {
      clearInterval(timer);
      take();
    },
  };
}
