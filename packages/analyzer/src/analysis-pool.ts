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
 *
 * Each analysis also has a CPU budget (`cpuBudgetMs`): a page that costs more than that to
 * analyse is a property of the page, not a passing fault, so its thread is replaced and the job
 * fails with AnalysisError `analysis_failed`, which the server does not retry. (Analyses are
 * linear in the page's size — a 1 MB page of any nesting costs well under a second — so only a
 * regression or an attack reaches the budget; without it one page held a thread for 60 s, three
 * times over: issue 7.) The budget counts the thread's own CPU time where the system reports it
 * (Linux), so a busy machine does not fail pages; elsewhere it counts wall-clock time.
 */
import type { Worker } from 'node:worker_threads';
import { AnalysisError } from './analysis-error.ts';
import type { PageAnalysis } from './analyze-artifacts.ts';
import { threadCpuMs } from './thread-cpu.ts';
import type { Artifacts } from './types.ts';

export interface AnalysisJob {
  id: number;
  artifacts: Artifacts;
}

export type AnalysisReply =
  | { id: number; report: PageAnalysis }
  | { id: number; error: { name: string; message: string } };

/** A thread's first message: its OS thread id, for reading its CPU time (null: unknown). */
export interface ThreadHello {
  tid: number | null;
}

export interface AnalysisPoolOptions {
  /** Threads at most (≥ 1). */
  threads: number;
  /** Jobs that may wait for a free thread; one more is refused. Default 64. */
  maxQueued?: number;
  /** A job running longer than this fails and its thread is replaced. Default 60 s. */
  jobTimeoutMs?: number;
  /** CPU time one analysis may use; beyond it the job fails with analysis_failed. Default 10 s. */
  cpuBudgetMs?: number;
  /** The thread's entry module (tests substitute a misbehaving one). */
  entry?: URL;
  /**
   * Stop the threads after this long without a job (each holds tens of megabytes that its
   * heap never gives back); the next job starts them again. 0 keeps them. Default 0.
   */
  idleCloseMs?: number;
  /** Called once the idle threads have been stopped (the process may give memory back then). */
  onIdleClose?: () => void;
}

export interface AnalysisPool {
  /** Analyses the artifacts on a thread; rejects with an Error when that is impossible. */
  run(artifacts: Artifacts): Promise<PageAnalysis>;
  /** Starts every thread now, so the first jobs do not wait for start-up. */
  warm(): void;
  /** Threads alive now (started and not crashed). */
  readonly liveThreads: number;
  /** Terminates the threads; waiting and running jobs fail. */
  close(): Promise<void>;
}

export const DEFAULT_MAX_QUEUED = 64;
export const DEFAULT_JOB_TIMEOUT_MS = 60_000;
export const DEFAULT_CPU_BUDGET_MS = 10_000;
/** Shortest wait between two looks at a running job's CPU time. */
const MIN_RECHECK_MS = 20;
/**
 * The thread's entry: compiled JavaScript next to this module in a production build (dist/),
 * else the small `.mjs` that registers the TypeScript loader first (development and tests).
 */
const DEFAULT_ENTRY = import.meta.url.endsWith('.js')
  ? new URL('./analysis-thread.js', import.meta.url)
  : new URL('./analysis-thread.mjs', import.meta.url);

/**
 * Flags of this process worth passing on: profiling, and the export conditions that make the
 * production build resolve the workspace packages to their compiled `dist/`. Module-loading
 * flags are not: the entry registers its own loader, and a thread rejects flags that act on the
 * whole process.
 */
const INHERITED_FLAG =
  /^--(?:cpu-prof|heap-prof|enable-source-maps|stack-trace-limit|conditions)|^-C$/;

interface Pending {
  id: number;
  artifacts: Artifacts;
  resolve(report: PageAnalysis): void;
  reject(error: Error): void;
  /** performance.now() when a thread took the job. */
  startedAt: number;
  /**
   * When the budget started counting (the thread took the job, or finished starting up if it
   * was still loading then), as wall-clock time and the thread's CPU time (null: unknown);
   * null while the thread is starting.
   */
  budgetFrom: { wall: number; cpu: number | null } | null;
}

interface Thread {
  worker: Worker;
  job: Pending | null;
  timer: NodeJS.Timeout | null;
  /** The thread has started and said its OS thread id (null where unknown). */
  ready: boolean;
  tid: number | null;
}

export function cpuBudgetError(budgetMs: number): AnalysisError {
  return new AnalysisError(
    'analysis_failed',
    `Analysing this page took more than ${budgetMs / 1000} s of processing time, so it was stopped. Its HTML is unusually costly to read (for example, elements nested hundreds of thousands deep); simplify the markup and try again.`,
  );
}

export function createAnalysisPool(options: AnalysisPoolOptions): AnalysisPool {
  if (!Number.isInteger(options.threads) || options.threads < 1) {
    throw new RangeError(`threads must be a positive integer, got ${options.threads}`);
  }
  const size = options.threads;
  const maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  const jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  const cpuBudgetMs = options.cpuBudgetMs ?? DEFAULT_CPU_BUDGET_MS;
  const entry = options.entry ?? DEFAULT_ENTRY;
  const execArgv = inheritedFlags(process.execArgv);

  const threads = new Set<Thread>();
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;
  const idleCloseMs = options.idleCloseMs ?? 0;
  let idleTimer: NodeJS.Timeout | null = null;

  function stopIdleTimer(): void {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
  }

  /** Arms the idle timer when nothing runs or waits; a new job disarms it. */
  function armIdleTimer(): void {
    stopIdleTimer();
    if (idleCloseMs <= 0 || closed || queue.length > 0 || threads.size === 0) return;
    for (const thread of threads) if (thread.job !== null) return;
    idleTimer = setTimeout(stopIdleThreads, idleCloseMs);
    idleTimer.unref();
  }

  function stopIdleThreads(): void {
    idleTimer = null;
    const stopping: Promise<unknown>[] = [];
    for (const thread of [...threads]) {
      if (thread.job !== null) continue;
      // Out of the set first, so its 'exit' is not taken for a crash.
      threads.delete(thread);
      stopping.push(thread.worker.terminate().catch(() => undefined));
    }
    if (options.onIdleClose && stopping.length > 0) {
      void Promise.all(stopping).then(() => {
        if (!closed && threads.size === 0) options.onIdleClose?.();
      });
    }
  }

  function spawn(): Thread {
    // Taken here, not imported: the CLI's one page analyses in-process and never loads it.
    const { Worker } = process.getBuiltinModule('node:worker_threads');
    const worker = new Worker(entry, { execArgv });
    const thread: Thread = { worker, job: null, timer: null, ready: false, tid: null };
    threads.add(thread);
    worker.unref();
    worker.on('message', (message: AnalysisReply | ThreadHello) => {
      if ('tid' in message) hello(thread, message.tid);
      else finish(thread, message);
    });
    worker.on('error', (error) =>
      drop(thread, new Error(`The analysis thread crashed: ${error.message}`)),
    );
    worker.on('exit', (code) =>
      drop(thread, new Error(`The analysis thread exited with code ${code}`)),
    );
    return thread;
  }

  /** The thread is up and said its id: its job's budget counts from now, not from start-up. */
  function hello(thread: Thread, tid: number | null): void {
    thread.ready = true;
    thread.tid = tid;
    if (thread.job) thread.job.budgetFrom = budgetClock(thread);
  }

  function budgetClock(thread: Thread): Pending['budgetFrom'] {
    if (!thread.ready) return null;
    return { wall: performance.now(), cpu: thread.tid === null ? null : threadCpuMs(thread.tid) };
  }

  /** Budget the job has used: the thread's CPU time, or wall-clock time where that is unknown. */
  function budgetUsed(thread: Thread, job: Pending): number {
    const from = job.budgetFrom;
    if (from === null) return 0;
    const cpu = thread.tid === null ? null : threadCpuMs(thread.tid);
    return cpu === null || from.cpu === null ? performance.now() - from.wall : cpu - from.cpu;
  }

  /** Takes the thread out of service: its job fails, a queued job gets a new thread. */
  function drop(thread: Thread, error: Error): void {
    if (!threads.delete(thread)) return;
    const job = release(thread);
    void thread.worker.terminate().catch(() => undefined);
    job?.reject(error);
    pump();
  }

  /**
   * Looks at the running job: over its CPU budget (wall-clock time where CPU time is unknown)
   * it fails with analysis_failed; over the wall-clock limit (a thread that is stuck without
   * using CPU) with an Error to retry; otherwise it looks again when the budget could be spent.
   */
  function watch(thread: Thread, job: Pending): void {
    thread.timer = null;
    if (thread.job !== job) return;
    const elapsed = performance.now() - job.startedAt;
    const used = budgetUsed(thread, job);
    if (used >= cpuBudgetMs) {
      drop(thread, cpuBudgetError(cpuBudgetMs));
      return;
    }
    if (elapsed >= jobTimeoutMs) {
      drop(thread, new Error(`The analysis did not finish within ${jobTimeoutMs} ms`));
      return;
    }
    const next = Math.min(Math.max(cpuBudgetMs - used, MIN_RECHECK_MS), jobTimeoutMs - elapsed);
    thread.timer = setTimeout(() => watch(thread, job), next);
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
    job.startedAt = performance.now();
    job.budgetFrom = budgetClock(thread);
    thread.timer = setTimeout(() => watch(thread, job), Math.min(cpuBudgetMs, jobTimeoutMs));
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
    stopIdleTimer();
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
    armIdleTimer();
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
      return new Promise<PageAnalysis>((resolve, reject) => {
        queue.push({ id: nextId++, artifacts, resolve, reject, startedAt: 0, budgetFrom: null });
        pump();
      });
    },
    warm() {
      while (!closed && threads.size < size) spawn();
      armIdleTimer();
    },
    get liveThreads() {
      return threads.size;
    },
    async close() {
      if (closed) return;
      closed = true;
      stopIdleTimer();
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

/** The flags of `argv` a thread takes over; `-C value` keeps its value. */
function inheritedFlags(argv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] as string;
    if (!INHERITED_FLAG.test(flag)) continue;
    kept.push(flag);
    if ((flag === '-C' || flag === '--conditions') && argv[i + 1] !== undefined) {
      kept.push(argv[++i] as string);
    }
  }
  return kept;
}
