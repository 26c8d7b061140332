import { describe, expect, it } from 'vitest';
import { createHostGate, type GateClock } from './host-gate.ts';

/** A clock the test moves by hand: timers fire when `advance` passes their time. */
function manualClock() {
  let now = 0;
  let next = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: GateClock = {
    now: () => now,
    setTimeout(callback, ms) {
      next += 1;
      timers.set(next, { at: now + ms, callback });
      return next;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
  };
  const advance = async (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers.entries()]
        .filter(([, timer]) => timer.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].callback();
      await Promise.resolve();
    }
    now = end;
    await Promise.resolve();
  };
  return { clock, advance };
}

const url = (path: string, host = 'img.example') => new URL(`https://${host}${path}`);

describe('createHostGate', () => {
  it('starts at most maxInFlight per host, each at least the interval after the last', async () => {
    const { clock, advance } = manualClock();
    const gate = createHostGate({ maxInFlight: 2, minIntervalMs: 100, clock });
    const starts: Array<{ n: number; at: number }> = [];
    const leaves: Array<() => void> = [];
    for (let n = 0; n < 5; n++) {
      void gate.enter(url(`/${n}.png`)).then((leave) => {
        starts.push({ n, at: clock.now() });
        leaves.push(leave);
      });
    }
    await advance(0);
    expect(starts).toEqual([{ n: 0, at: 0 }]);
    await advance(100);
    expect(starts.map((s) => s.at)).toEqual([0, 100]);
    // Two in flight: the interval passes, but the third waits for a request to end.
    await advance(300);
    expect(starts).toHaveLength(2);
    expect(gate.load('img.example')).toEqual({ inFlight: 2, waiting: 3 });
    leaves[0]!();
    leaves[0]!(); // a second call changes nothing
    await advance(0);
    expect(starts.map((s) => s.at)).toEqual([0, 100, 400]);
    leaves[1]!();
    await advance(0);
    // Room, but only 0 ms since the last start: the fourth waits for the interval.
    expect(starts).toHaveLength(3);
    await advance(100);
    expect(starts.map((s) => [s.n, s.at])).toEqual([
      [0, 0],
      [1, 100],
      [2, 400],
      [3, 500],
    ]);
    expect(gate.load('img.example')).toEqual({ inFlight: 2, waiting: 1 });
  });

  it('paces each host on its own', async () => {
    const { clock, advance } = manualClock();
    const gate = createHostGate({ maxInFlight: 1, minIntervalMs: 1000, clock });
    const started: string[] = [];
    for (const host of ['a.example', 'b.example', 'a.example', 'b.example:8443']) {
      void gate.enter(url('/x', host)).then(() => started.push(host));
    }
    await advance(0);
    expect(started).toEqual(['a.example', 'b.example', 'b.example:8443']);
  });

  it('drops a waiter whose signal aborts, with its reason, and gives its turn on', async () => {
    const { clock, advance } = manualClock();
    const gate = createHostGate({ maxInFlight: 1, minIntervalMs: 0, clock });
    const leave = await gate.enter(url('/first'));
    const controller = new AbortController();
    const aborted = gate.enter(url('/second'), controller.signal);
    let thirdIn = false;
    const third = gate.enter(url('/third')).then((release) => {
      thirdIn = true;
      return release;
    });
    controller.abort(new Error('deadline'));
    await expect(aborted).rejects.toThrow('deadline');
    expect(gate.load('img.example')).toEqual({ inFlight: 1, waiting: 1 });
    leave();
    await advance(0);
    await third;
    expect(thirdIn).toBe(true);
    await expect(gate.enter(url('/late'), AbortSignal.abort(new Error('gone')))).rejects.toThrow(
      'gone',
    );
  });

  it('forgets idle hosts beyond its bound, keeping busy ones', async () => {
    const { clock, advance } = manualClock();
    const gate = createHostGate({ maxInFlight: 1, minIntervalMs: 10, maxHosts: 2, clock });
    const busy = await gate.enter(url('/', 'busy.example'));
    (await gate.enter(url('/', 'idle.example')))();
    await advance(20);
    expect(gate.size).toBe(2);
    (await gate.enter(url('/', 'new.example')))();
    // The idle host went; the busy one stayed with its request in flight.
    expect(gate.size).toBe(2);
    expect(gate.load('busy.example').inFlight).toBe(1);
    busy();
    (await gate.enter(url('/', 'newer.example')))();
    expect(gate.size).toBe(2);
    // The intervals of new and newer have not passed: both kept, beyond the bound for now.
    (await gate.enter(url('/', 'extra.example')))();
    expect(gate.size).toBe(3);
    await advance(20);
    (await gate.enter(url('/', 'last.example')))();
    expect(gate.size).toBe(2);
  });
});
