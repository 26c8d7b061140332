import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type JobKind, runLeased } from './job-kind.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('runLeased', () => {
  it('renews the lease a third of the way through each lease until the job ends', async () => {
    let finish!: () => void;
    const renewals: string[] = [];
    const kind: JobKind = {
      name: 'test',
      siteWork: false,
      retryEmptyClaim: 'always',
      leaseSeconds: 30,
      claim: async () => null,
      extendLease: async (id, workerId) => void renewals.push(`${id}@${workerId}`),
      release: async () => {},
      run: () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    };
    const running = runLeased(kind, { id: 'job-1' }, 'worker-a');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(renewals).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(renewals).toEqual(['job-1@worker-a']);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(renewals).toHaveLength(3);
    finish();
    await running;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(renewals).toHaveLength(3);
  });

  it('a failed renewal does not end the job', async () => {
    let finish!: () => void;
    const kind: JobKind = {
      name: 'test',
      siteWork: false,
      retryEmptyClaim: 'always',
      leaseSeconds: 3,
      claim: async () => null,
      extendLease: async () => {
        throw new Error('database down');
      },
      release: async () => {},
      run: () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    };
    const running = runLeased(kind, { id: 'job-2' }, 'worker-a');
    await vi.advanceTimersByTimeAsync(5_000);
    finish();
    await expect(running).resolves.toBeUndefined();
  });
});
