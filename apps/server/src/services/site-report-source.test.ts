import { describe, expect, it } from 'vitest';
import { storedOrder } from './site-report-source.ts';

describe('storedOrder (a crawl graph back in the order its links were stored)', () => {
  it('gives the positions in ascending order of id', () => {
    expect([...storedOrder([30, 10, 20, 11])]).toEqual([1, 3, 2, 0]);
    expect([...storedOrder([])]).toEqual([]);
  });

  it('gives the same order for ids too large to pack with their position', () => {
    const big = 2 ** 40;
    expect([...storedOrder([big + 5, big + 1, big + 3])]).toEqual([1, 2, 0]);
  });

  it('agrees with a comparator sort over many shuffled ids', () => {
    const ids = Array.from({ length: 5000 }, (_, index) => index * 7 + 1);
    for (let index = ids.length - 1; index > 0; index -= 1) {
      const other = (index * 7919) % (index + 1);
      [ids[index], ids[other]] = [ids[other]!, ids[index]!];
    }
    const expected = ids.map((_, index) => index).sort((a, b) => ids[a]! - ids[b]!);
    expect([...storedOrder(ids)]).toEqual(expected);
  });
});
