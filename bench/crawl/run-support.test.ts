import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { crawlAddresses, createRunGuard, runRequests } from './run-support.ts';

describe('runRequests', () => {
  it('names the addresses never requested and the blocked ones that were', () => {
    const crawl = {
      requested: ['http://s/', 'http://s/a?page=2', 'http://s/b'],
      blocked: ['http://s/account/login', 'http://s/account/wishlist'],
      redirectHopsOnly: [],
    };
    expect(runRequests({ crawl }, { '/': 1, '/a?page=2': 2, '/account/wishlist': 1 })).toEqual({
      missing: ['http://s/b'],
      blockedFetched: ['http://s/account/wishlist'],
    });
  });
});

describe('crawlAddresses', () => {
  it('counts the requested and the blocked addresses, not the redirect hops', () => {
    const crawl = {
      requested: ['http://s/', 'http://s/a', 'http://s/old'],
      blocked: ['http://s/account/login'],
      redirectHopsOnly: ['http://s/middle'],
    };
    expect(crawlAddresses({ crawl })).toBe(4);
  });
});

describe('createRunGuard', () => {
  it('kills the whole process group of a tracked child', async () => {
    const guard = createRunGuard();
    // A shell whose own child ignores SIGTERM: only the group's SIGKILL ends it.
    const child = spawn(
      'sh',
      [
        '-c',
        `${process.execPath} -e "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)" & echo $!; wait`,
      ],
      { detached: true, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    guard.track(child);
    const grandchild = await new Promise<number>((resolve) =>
      child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim()))),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await guard.killAll(300);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Gone, or a zombie waiting for its new parent to reap it: either way no longer running.
    expect(['gone', 'Z']).toContain(stateOf(grandchild));
    expect(['gone', 'Z']).toContain(stateOf(child.pid!));
  });
});

function stateOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!;
  } catch {
    return 'gone';
  }
}
