import { connect, createServer } from 'node:net';
import { setTimeout } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_MS, reportStored, waitForStoredReport } from './site-report-waiters.ts';

describe('site report waiters', () => {
  it('returns at once when no request of this process waits for the check', async () => {
    const started = performance.now();
    expect(await reportStored('no-one-waits', 5_000)).toEqual({ waiters: 0, heldMs: 0 });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('first reads what arrived on a socket while the build held the event loop', async () => {
    // A request sent while the build analysed (synchronously) and stored the report: its bytes
    // wait unread on the socket, and it registers only once the loop polls for I/O.
    let registered: ReturnType<typeof waitForStoredReport> | undefined;
    const server = createServer((socket) => {
      socket.once('data', () => {
        registered = waitForStoredReport('check-io');
        void registered.stored.then(() => registered?.release());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const client = connect(address.port, '127.0.0.1');
    await new Promise<void>((resolve) => client.once('connect', resolve));
    // Let the server accept the connection, then send while the loop is blocked.
    await setTimeout(20);
    client.write('GET /report');
    const blockedUntil = performance.now() + 50;
    while (performance.now() < blockedUntil) {
      // the build's synchronous analysis
    }
    expect(registered).toBeUndefined();
    const pickup = await reportStored('check-io', 5_000);
    expect(registered).toBeDefined();
    expect(pickup.waiters).toBe(1);
    client.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
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

  it('after a status request answers, waits for the report request it leads to', async () => {
    const poll = waitForStoredReport('check-d', 'status');
    const storing = reportStored('check-d', 5_000);
    await setTimeout(20);
    poll.release();
    // The client read the end and asks for the report a moment later.
    await setTimeout(FOLLOW_UP_MS / 4);
    const report = waitForStoredReport('check-d');
    let woken = false;
    void report.stored.then(() => {
      woken = true;
    });
    let held = true;
    void storing.then(() => {
      held = false;
    });
    await setTimeout(20);
    expect(woken).toBe(true);
    expect(held).toBe(true);
    report.release();
    expect(await storing).toMatchObject({ waiters: 2 });
  });

  it('after a status request answers, goes on once no report request came in time', async () => {
    const poll = waitForStoredReport('check-e', 'status');
    const storing = reportStored('check-e', 5_000);
    await setTimeout(20);
    const released = performance.now();
    poll.release();
    const pickup = await storing;
    const after = performance.now() - released;
    expect(pickup.waiters).toBe(1);
    expect(after).toBeGreaterThanOrEqual(FOLLOW_UP_MS - 10);
    expect(after).toBeLessThan(FOLLOW_UP_MS + 1_000);
  });

  it('never waits for a follow-up past the hold', async () => {
    const poll = waitForStoredReport('check-f', 'status');
    const started = performance.now();
    const storing = reportStored('check-f', 100);
    await setTimeout(60);
    poll.release();
    await storing;
    expect(performance.now() - started).toBeLessThan(100 + FOLLOW_UP_MS / 2);
  });
});
