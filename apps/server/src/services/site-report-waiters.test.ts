import { setTimeout } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { reportStored, waitForStoredReport } from './site-report-waiters.ts';

describe('site report waiters', () => {
  it('returns at once when no request of this process waits for the check', async () => {
    const started = performance.now();
    expect(await reportStored('no-one-waits', 5_000)).toEqual({ waiters: 0, heldMs: 0 });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('wakes the waiting requests of the check, and holds until each has read it', async () => {
    const first = waitForStoredReport('check-a');
    const second = waitForStoredReport('check-a');
    const other = waitForStoredReport('check-b');
    const woken: string[] = [];
    void first.stored.then(() => woken.push('first'));
    void second.stored.then(() => woken.push('second'));
    void other.stored.then(() => woken.push('other'));
    let held = true;
    const storing = reportStored('check-a', 5_000).then((pickup) => {
      held = false;
      return pickup;
    });
    await setTimeout(20);
    expect(woken.sort()).toEqual(['first', 'second']);
    first.release();
    await setTimeout(20);
    expect(held).toBe(true);
    second.release();
    expect((await storing).waiters).toBe(2);
    expect(held).toBe(false);
    other.release();
    // Released waiters are gone: the next store returns at once.
    const started = performance.now();
    await reportStored('check-a', 5_000);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('holds no longer than asked when a request never reads it', async () => {
    const stuck = waitForStoredReport('check-c');
    const started = performance.now();
    const pickup = await reportStored('check-c', 150);
    const held = performance.now() - started;
    expect(pickup.waiters).toBe(1);
    expect(pickup.heldMs).toBeGreaterThanOrEqual(140);
    expect(held).toBeGreaterThanOrEqual(140);
    expect(held).toBeLessThan(1_000);
    stuck.release();
  });
});
