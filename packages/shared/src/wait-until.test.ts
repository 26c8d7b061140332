import { describe, expect, it } from 'vitest';
import { waitUntil } from './wait-until.ts';

describe('waitUntil', () => {
  it('resolves with the first value the check answers', async () => {
    let calls = 0;
    const value = await waitUntil(() => (++calls >= 3 ? { calls } : undefined), { intervalMs: 1 });
    expect(value).toEqual({ calls: 3 });
  });

  it('takes true as done and false as not yet', async () => {
    let ready = false;
    setTimeout(() => {
      ready = true;
    }, 5);
    await expect(waitUntil(() => ready, { intervalMs: 1 })).resolves.toBe(true);
  });

  it('says what it waited for when time runs out', async () => {
    await expect(
      waitUntil(async () => false, { timeoutMs: 20, intervalMs: 5, what: 'the report' }),
    ).rejects.toThrow(/timed out after 20 ms waiting for the report/);
  });
});
