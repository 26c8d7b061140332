import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Scheduler } from './scheduler.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A task whose passes end only when the test says so. */
function gatedTask() {
  const gates: Array<() => void> = [];
  let passes = 0;
  return {
    get passes() {
      return passes;
    },
    open: () => gates.shift()?.(),
    run: () => {
      passes += 1;
      return new Promise<void>((resolve) => gates.push(resolve));
    },
  };
}

describe('Scheduler', () => {
  it('runs a task on its interval only after start, and once at start when asked', async () => {
    const scheduler = new Scheduler(() => {});
    const ticks: string[] = [];
    scheduler.add({ name: 'a', everyMs: 1000, run: async () => void ticks.push('a') });
    scheduler.add({
      name: 'b',
      everyMs: 5000,
      runAtStart: true,
      run: async () => void ticks.push('b'),
    });
    await vi.advanceTimersByTimeAsync(3000);
    expect(ticks).toEqual([]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(2500);
    expect(ticks).toEqual(['b', 'a', 'a']);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ticks).toEqual(['b', 'a', 'a']);
  });

  it('never overlaps a task: a request during a pass runs one more pass after it', async () => {
    const scheduler = new Scheduler(() => {});
    const task = gatedTask();
    scheduler.add({ name: 'slow', everyMs: 100, run: task.run });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1000); // ten ticks while the first pass is open
    expect(task.passes).toBe(1);
    let covered = false;
    const request = scheduler.trigger('slow').then(() => {
      covered = true;
    });
    task.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(task.passes).toBe(2); // the ticks and the request folded into one more pass
    expect(covered).toBe(false); // resolved only when the pass that covers it ends
    task.open();
    await request;
    expect(covered).toBe(true);
    const stopped = scheduler.stop();
    task.open();
    await stopped;
  });

  it('logs a failing pass and keeps the schedule', async () => {
    const errors: Array<[string, unknown]> = [];
    const scheduler = new Scheduler((name, error) => errors.push([name, error]));
    let calls = 0;
    scheduler.add({
      name: 'flaky',
      everyMs: 100,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(250);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.[0]).toBe('flaky');
    expect(String(errors[0]?.[1])).toContain('database down');
    await scheduler.stop();
  });

  it('stop waits for the pass under way; an unknown or stopped task resolves at once', async () => {
    const scheduler = new Scheduler(() => {});
    const task = gatedTask();
    scheduler.add({ name: 'slow', everyMs: 100, runAtStart: true, run: task.run });
    scheduler.start();
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    task.open();
    await stopping;
    expect(stopped).toBe(true);
    await scheduler.trigger('slow');
    await scheduler.trigger('nothing by that name');
    expect(task.passes).toBe(1);
    expect(() => scheduler.add({ name: 'slow', everyMs: 1, run: task.run })).toThrow();
  });

  it('serves every request for a pass soon, within its delay, with one pass', async () => {
    const scheduler = new Scheduler(() => {});
    let passes = 0;
    scheduler.add({
      name: 'audit',
      everyMs: 60_000,
      run: async () => {
        passes += 1;
      },
    });
    for (let i = 0; i < 30; i += 1) {
      scheduler.triggerSoon('audit', 100);
      await vi.advanceTimersByTimeAsync(3);
    }
    // 30 requests over 90 ms: the first set the pass for 100 ms after it; none has run yet.
    expect(passes).toBe(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(passes).toBe(1);
    // A request after that pass gets a pass of its own, again within the delay.
    scheduler.triggerSoon('audit', 100);
    await vi.advanceTimersByTimeAsync(100);
    expect(passes).toBe(2);
    // A request left waiting at stop is dropped with the timers.
    scheduler.triggerSoon('audit', 100);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(2);
  });

  it('brings a pending pass forward for a request due sooner, never back', async () => {
    let passes = 0;
    const scheduler = new Scheduler(() => {});
    scheduler.add({
      name: 'audit',
      everyMs: 60_000,
      run: async () => {
        passes += 1;
      },
    });
    scheduler.triggerSoon('audit', 100);
    await vi.advanceTimersByTimeAsync(10);
    // Due later than the pending pass: served by it.
    scheduler.triggerSoon('audit', 500);
    // Due at once (a check's last page): the pass runs now, once.
    scheduler.triggerSoon('audit', 0);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(1);
    await scheduler.stop();
  });
});
