/**
 * A small pool of worker threads for the pure CPU half of an analysis (analyzeArtifacts: parse,
 * visible text, checks, score). JavaScript runs on one thread per isolate, so without it an
 * engine uses one core however many it has, and a large page blocks the event loop (fetches,
 * the browser's protocol, the server's requests) for as long as its checks run.
 *
 * Artifacts go to a thread by structured clone and the report comes back the same way: both
 * are plain data. Threads start lazily (warm() starts them ahead of the first job), idle threads
 * do not keep the process alive, and a bounded queue refuses work beyond `maxQueued` instead of
 * piling up documents in memory. A thread that crashes, exits or overruns `jobTimeoutMs` is
 * dropped and its job fails with an Error (the server's worker retries such faults); the next
 * job starts a replacement.
 */
import { Worker } from 'node:worker_threads';
import type { AnalysisReport, Artifacts } from './types.ts';

export interface AnalysisJob {
  id: number;
  artifacts: Artifacts;
}

export type AnalysisReply =
  | { id: number; report: AnalysisReport }
  | { id: number; error: { name: string; message: string } };

export interface AnalysisPoolOptions {
  /** Threads at most (≥ 1). */
  threads: number;
  /** Jobs that may wait for a free thread; one more is refused. Default 64. */
  maxQueued?: number;
  /** A job running longer than this fails and its thread is replaced. Default 60 s. */
  jobTimeoutMs?: number;
  /** The thread's entry module (tests substitute a misbehaving one). */
  entry?: URL;
}

export interface AnalysisPool {
  /** Analyses the artifacts on a thread; rejects with an Error when that is impossible. */
  run(artifacts: Artifacts): Promise<AnalysisReport>;
  /** Starts every thread now, so the first jobs do not wait for start-up. */
  warm(): void;
  /** Threads alive now (started and not crashed). */
  readonly liveThreads: number;
  /** Terminates the threads; waiting and running jobs fail. */
  close(): Promise<void>;
}

export const DEFAULT_MAX_QUEUED = 64;
export const DEFAULT_JOB_TIMEOUT_MS = 60_000;
const DEFAULT_ENTRY = new URL('./analysis-thread.mjs', import.meta.url);

/**
 * Flags of this process worth passing on (profiling). Module-loading flags are not: the entry
 * registers its own loader, and a thread rejects flags that act on the whole process.
 */
const INHERITED_FLAG = /^--(?:cpu-prof|heap-prof|enable-source-maps|stack-trace-limit)/;

interface Pending {
  id: number;
  artifacts: Artifacts;
  resolve(report: AnalysisReport): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  job: Pending | null;
  timer: NodeJS.Timeout | null;
}

export function createAnalysisPool(options: AnalysisPoolOptions): AnalysisPool {
  if (!Number.isInteger(options.threads) || options.threads < 1) {
    throw new RangeError(`threads must be a positive integer, got ${options.threads}`);
  }
  const size = options.threads;
  const maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  const jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  const entry = options.entry ?? DEFAULT_ENTRY;
  const execArgv = process.execArgv.filter((flag) => INHERITED_FLAG.test(flag));

  const threads = new Set<Thread>();
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Thread {
    const worker = new Worker(entry, { execArgv });
    const thread: Thread = { worker, job: null, timer: null };
    threads.add(thread);
    worker.unref();
    worker.on('message', (reply: AnalysisReply) => finish(thread, reply));
    worker.on('error', (error) => drop(thread, `The analysis thread crashed: ${error.message}`));
    worker.on('exit', (code) => drop(thread, `The analysis thread exited with code ${code}`));
    return thread;
  }

  /** Takes the thread out of service: its job fails, a queued job gets a new thread. */
  function drop(thread: Thread, reason: string): void {
    if (!threads.delete(thread)) return;
    const job = release(thread);
    void thread.worker.terminate().catch(() => undefined);
    job?.reject(new Error(reason));
    pump();
  }

  function release(thread: Thread): Pending | null {
    const job = thread.job;
    thread.job = null;
    if (thread.timer) clearTimeout(thread.timer);
    thread.timer = null;
    thread.worker.unref();
    return job;
  }

  function finish(thread: Thread, reply: AnalysisReply): void {
    if (thread.job?.id !== reply.id) return;
    const job = release(thread)!;
    if ('report' in reply) {
      job.resolve(reply.report);
    } else {
      const error = new Error(reply.error.message);
      error.name = reply.error.name;
      job.reject(error);
    }
    pump();
  }

  function assign(thread: Thread, job: Pending): void {
    thread.job = job;
    thread.worker.ref();
    thread.timer = setTimeout(
      () => drop(thread, `The analysis did not finish within ${jobTimeoutMs} ms`),
      jobTimeoutMs,
    );
    const message: AnalysisJob = { id: job.id, artifacts: job.artifacts };
    try {
      thread.worker.postMessage(message);
    } catch (error) {
      // Not cloneable (never for real artifacts): fail the job, keep the thread.
      release(thread);
      job.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  function pump(): void {
    while (!closed && queue.length > 0) {
      let idle: Thread | undefined;
      for (const thread of threads) {
        if (thread.job === null) {
          idle = thread;
          break;
        }
      }
      if (!idle && threads.size < size) idle = spawn();
      if (!idle) return;
      assign(idle, queue.shift()!);
    }
  }

  return {
    run(artifacts) {
      if (closed) return Promise.reject(new Error('The analysis pool is closed'));
      let busy = 0;
      for (const thread of threads) if (thread.job !== null) busy++;
      // Jobs wait only when every thread (started or still to start) is busy.
      if (busy >= size && queue.length >= maxQueued) {
        return Promise.reject(
          new Error(`The analysis queue is full (${queue.length} analyses waiting)`),
        );
      }
      return new Promise<AnalysisReport>((resolve, reject) => {
        queue.push({ id: nextId++, artifacts, resolve, reject });
        pump();
      });
    },
    warm() {
      while (!closed && threads.size < size) spawn();
    },
    get liveThreads() {
      return threads.size;
    },
    async close() {
      if (closed) return;
      closed = true;
      const error = new Error('The analysis pool is closed');
      for (const job of queue.splice(0)) job.reject(error);
      const stopping = [...threads];
      threads.clear();
      await Promise.all(
        stopping.map((thread) => {
          release(thread)?.reject(error);
          return thread.worker.terminate().catch(() => undefined);
        }),
      );
    },
  };
}
