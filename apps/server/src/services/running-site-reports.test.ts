import type { SiteCheck, SiteReport } from '@crawlwise/shared/api/site-checks';
import { describe, expect, it } from 'vitest';
import { RunningSiteReports } from './running-site-reports.ts';

/** A report stand-in that says which build made it (the cache never looks inside). */
const reportNo = (n: number) => ({ build: n }) as unknown as SiteReport;
const check = (id: string) => ({ id, status: 'running' }) as SiteCheck;

/** A build function whose duration is moved on the injected clock, and which can be held. */
function builder(clock: { now: number }, buildMs: number) {
  let builds = 0;
  let gate: { promise: Promise<void>; open: () => void } | null = null;
  let fail = false;
  let erased = 0;
  return {
    erase() {
      erased += 1;
    },
    erasureKey: async (_: string) => `erased ${erased}`,
    get builds() {
      return builds;
    },
    failNext() {
      fail = true;
    },
    hold() {
      let open = () => {};
      const promise = new Promise<void>((resolve) => {
        open = resolve;
      });
      gate = { promise, open };
    },
    release() {
      gate?.open();
      gate = null;
    },
    build: async (_: SiteCheck): Promise<SiteReport> => {
      builds += 1;
      const n = builds;
      await (gate?.promise ?? Promise.resolve());
      clock.now += buildMs;
      if (fail) {
        fail = false;
        throw new Error(`build ${n} failed`);
      }
      return reportNo(n);
    },
  };
}

describe('RunningSiteReports', () => {
  it('builds once, answers the same build within max(1 s, 3 × build time), then builds again', async () => {
    const clock = { now: 0 };
    const b = builder(clock, 200);
    const reports = new RunningSiteReports(b, { now: () => clock.now });
    expect(await reports.get(check('a'))).toEqual(reportNo(1));
    clock.now += 700; // 900 ms after the build started: within 1 s
    expect(await reports.get(check('a'))).toEqual(reportNo(1));
    expect(b.builds).toBe(1);
    clock.now += 200; // 1.1 s: a quick build is awaited, so the answer is the new one
    expect(await reports.get(check('a'))).toEqual(reportNo(2));
    expect(b.builds).toBe(2);
  });

  it('keeps a slow build 3 × its time and refreshes it behind the answer, one build at a time', async () => {
    const clock = { now: 0 };
    const b = builder(clock, 5000);
    const reports = new RunningSiteReports(b, { now: () => clock.now });
    expect(await reports.get(check('a'))).toEqual(reportNo(1));
    clock.now += 9000; // 14 s after the build started: within 15 s
    expect(await reports.get(check('a'))).toEqual(reportNo(1));
    expect(b.builds).toBe(1);

    clock.now += 2000; // 16 s: stale; the last build answers at once, a new one starts
    b.hold();
    expect(await reports.get(check('a'))).toEqual(reportNo(1));
    expect(await reports.get(check('a'))).toEqual(reportNo(1));
    expect(b.builds).toBe(2); // the second request joined the build in flight
    b.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await reports.get(check('a'))).toEqual(reportNo(2));
  });

  it('shares the first build between requests that arrive together', async () => {
    const clock = { now: 0 };
    const b = builder(clock, 10);
    const reports = new RunningSiteReports(b, { now: () => clock.now });
    b.hold();
    const both = Promise.all([reports.get(check('a')), reports.get(check('a'))]);
    b.release();
    expect(await both).toEqual([reportNo(1), reportNo(1)]);
    expect(b.builds).toBe(1);
  });

  it('builds again after a failed build, and a failure behind the answer reaches nobody', async () => {
    const clock = { now: 0 };
    const b = builder(clock, 2000);
    const reports = new RunningSiteReports(b, { now: () => clock.now });
    b.failNext();
    await expect(reports.get(check('a'))).rejects.toThrow('build 1 failed');
    expect(await reports.get(check('a'))).toEqual(reportNo(2));
    clock.now += 10_000;
    b.failNext();
    expect(await reports.get(check('a'))).toEqual(reportNo(2)); // the background build fails
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await reports.get(check('a'))).toEqual(reportNo(2)); // still stale: builds again
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(b.builds).toBe(4);
    expect(await reports.get(check('a'))).toEqual(reportNo(4));
  });

  it('forgets a check on request, drops idle checks and keeps at most maxEntries', async () => {
    const clock = { now: 0 };
    const b = builder(clock, 10);
    const reports = new RunningSiteReports(b, {
      now: () => clock.now,
      maxEntries: 2,
      idleMs: 60_000,
    });
    await reports.get(check('a'));
    reports.forget('a');
    expect(reports.size).toBe(0);
    await reports.get(check('a'));
    await reports.get(check('b'));
    await reports.get(check('a')); // asked last: b is the oldest asked
    await reports.get(check('c'));
    expect(reports.size).toBe(2);
    const before = b.builds;
    await reports.get(check('a'));
    expect(b.builds).toBe(before); // a was kept
    clock.now += 61_000;
    await reports.get(check('c'));
    expect(reports.size).toBe(1); // a went idle and was dropped; c was built again
  });

  it("never sends again a build made before one of the check's pages was erased", async () => {
    const clock = { now: 0 };
    const b = builder(clock, 5000);
    const reports = new RunningSiteReports(b, { now: () => clock.now });
    expect(await reports.get(check('a'))).toEqual(reportNo(1));
    b.erase();
    // Still within 15 s, and slow builds are usually refreshed behind the answer: not this one.
    expect(await reports.get(check('a'))).toEqual(reportNo(2));

    // A build in flight when a page is erased answers its own request but is not kept.
    clock.now += 20_000;
    b.hold();
    const stale = reports.get(check('a')); // starts build 3, answers build 2 at once
    expect(await stale).toEqual(reportNo(2));
    b.erase();
    b.release();
    expect(await reports.get(check('a'))).toEqual(reportNo(4));
    expect(b.builds).toBe(4);
  });
});
