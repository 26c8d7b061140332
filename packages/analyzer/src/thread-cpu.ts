import { readFileSync, readlinkSync } from 'node:fs';

/**
 * CPU time of one thread, read from outside it: how the analysis pool measures an analysis's
 * CPU budget while the thread is busy (a busy thread cannot answer, and process.cpuUsage() adds
 * up every thread of the process). Linux exposes each thread under /proc; elsewhere these return
 * null and the pool falls back to wall-clock time.
 */

/** Kernel clock ticks per second for /proc times (USER_HZ, 100 on every Linux we run on). */
const CLOCK_TICKS_PER_SECOND = 100;

/** The OS thread id of the calling thread (call it on the thread itself), or null. */
export function currentThreadId(): number | null {
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>".
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) the thread of this process has used so far, in ms, or null. */
export function threadCpuMs(tid: number): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'latin1');
    // Fields after the parenthesised command name: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/**
 * A stopwatch of the calling thread's CPU time in ms (wall-clock time where that is unknown):
 * tests and benchmarks that bound an analysis's cost use it so a busy machine does not fail them.
 */
export function cpuStopwatch(): () => number {
  const tid = currentThreadId();
  const cpu = () => (tid === null ? null : threadCpuMs(tid));
  const startCpu = cpu();
  const startWall = performance.now();
  return () => {
    const now = cpu();
    return now === null || startCpu === null ? performance.now() - startWall : now - startCpu;
  };
}
