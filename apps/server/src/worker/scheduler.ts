/**
 * The worker's periodic tasks (the sweep of stuck jobs, the purge of expired data, watch
 * monitoring) in one place (issue 24). A task never overlaps itself: a tick that finds it still
 * running asks for one more pass after it, instead of starting a second copy. Failures are
 * logged, never thrown.
 */
export interface ScheduledTask {
  name: string;
  /** Milliseconds between two starts. */
  everyMs: number;
  run(): Promise<void>;
  /** Also run once at start (without waiting a whole interval). */
  runAtStart?: boolean;
}

interface TaskState {
  task: ScheduledTask;
  timer: NodeJS.Timeout | null;
  /** A pass asked for by triggerSoon, not started yet. */
  soon: NodeJS.Timeout | null;
  /** When the pending `soon` pass is due (Date.now()). */
  soonAt: number;
  running: Promise<void> | null;
  again: boolean;
}

export class Scheduler {
  private readonly tasks = new Map<string, TaskState>();
  private stopped = false;

  constructor(private readonly onError: (name: string, error: unknown) => void) {}

  /** Registers a task; it can be triggered at once, and runs on its interval after start(). */
  add(task: ScheduledTask): void {
    if (this.tasks.has(task.name)) throw new Error(`A task named ${task.name} is scheduled`);
    this.tasks.set(task.name, {
      task,
      timer: null,
      soon: null,
      soonAt: 0,
      running: null,
      again: false,
    });
  }

  start(): void {
    for (const state of this.tasks.values()) {
      const { name, everyMs, runAtStart } = state.task;
      state.timer ??= setInterval(() => void this.trigger(name), everyMs);
      if (runAtStart) void this.trigger(name);
    }
  }

  /**
   * Runs a task now (or, when a pass is under way, once more after it); resolves when the pass
   * that covers this request has ended.
   */
  trigger(name: string): Promise<void> {
    const state = this.tasks.get(name);
    if (!state || this.stopped) return Promise.resolve();
    if (state.running) {
      state.again = true;
      return state.running;
    }
    state.running = (async () => {
      do {
        state.again = false;
        try {
          await state.task.run();
        } catch (error) {
          this.onError(name, error);
        }
      } while (state.again && !this.stopped);
    })().finally(() => {
      state.running = null;
    });
    return state.running;
  }

  /**
   * Runs a task within `delayMs`: every request in that time is served by one pass. For what
   * each finished job asks for — at tens of jobs a second, a pass per job would keep the task
   * running back to back, each pass a few queries.
   */
  triggerSoon(name: string, delayMs: number): void {
    const state = this.tasks.get(name);
    if (!state || this.stopped) return;
    const dueAt = Date.now() + delayMs;
    // A request due sooner than the pending pass brings it forward (a check's last page: its
    // report is waited for); a later one is served by it.
    if (state.soon) {
      if (dueAt >= state.soonAt) return;
      clearTimeout(state.soon);
    }
    state.soonAt = dueAt;
    state.soon = setTimeout(() => {
      state.soon = null;
      void this.trigger(name);
    }, delayMs);
    state.soon.unref();
  }

  /** Stops every timer and waits for the passes under way to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const state of this.tasks.values()) {
      if (state.timer) clearInterval(state.timer);
      if (state.soon) clearTimeout(state.soon);
      state.timer = null;
      state.soon = null;
    }
    await Promise.all([...this.tasks.values()].map((state) => state.running));
  }
}
