import { describe, expect, it } from 'vitest';
import { Frontier } from './frontier.ts';

const all = () => true;

describe('the crawl frontier', () => {
  it('hands out the shallowest address first, sitemap entries as one click deep', () => {
    const frontier = new Frontier(10);
    frontier.add('a2', 2, false);
    frontier.add('seed', null, true);
    frontier.add('start', 0, false);
    frontier.add('b1', 1, false);
    const order: string[] = [];
    for (let key = frontier.take(all); key !== null; key = frontier.take(all)) order.push(key);
    expect(order).toEqual(['start', 'seed', 'b1', 'a2']);
    expect(frontier.pending).toBe(0);
  });

  it('keeps one entry per key, with the shorter depth, and stops growing at maxPages', () => {
    const frontier = new Frontier(2);
    expect(frontier.add('a', 3, false)).toBe('queued');
    expect(frontier.add('a', 1, false)).toBe('known');
    expect(frontier.add('a', 5, false)).toBe('known');
    expect(frontier.get('a')?.depth).toBe(1);
    expect(frontier.add('b', null, true)).toBe('queued');
    expect(frontier.add('b', 4, false)).toBe('known');
    expect(frontier.get('b')).toMatchObject({ depth: 4, inSitemap: true, state: 'pending' });
    expect(frontier.limitReached).toBe(false);
    expect(frontier.add('c', 1, false)).toBe('over-limit');
    expect(frontier.limitReached).toBe(true);
    expect(frontier.size).toBe(2);
  });

  it('skips addresses that are not ready and keeps their place; puts a retried one back first', () => {
    const frontier = new Frontier(10);
    for (const key of ['x1', 'y1', 'x2']) frontier.add(key, 1, false);
    expect(frontier.take((key) => key.startsWith('y'))).toBe('y1');
    expect(frontier.take(() => false)).toBeNull();
    expect(frontier.take(all)).toBe('x1');
    frontier.putBack('x1');
    expect(frontier.take(all)).toBe('x1');
    expect(frontier.drainPending()).toEqual(['x2']);
    expect(frontier.take(all)).toBeNull();
  });
});
