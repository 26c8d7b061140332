import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { kbField, parentPid, processTree, treeRssKb } from './process-tree.ts';

describe('reading /proc', () => {
  it('takes the parent pid after the last parenthesis of the command name', () => {
    expect(parentPid('4242 (node) S 17 4242 4242 0 -1 4194560')).toBe(17);
    expect(parentPid('4243 (a) (b c) R 99 4243 4243 0 -1')).toBe(99);
  });

  it('reads a kB field, 0 when it is absent', () => {
    const status = 'Name:\tnode\nVmPeak:\t  123456 kB\nVmRSS:\t   65432 kB\nThreads:\t11\n';
    expect(kbField(status, 'VmRSS')).toBe(65_432);
    expect(kbField(status, 'VmSwap')).toBe(0);
  });

  it('finds a child in the tree of this process and sums its memory', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], {
      stdio: 'ignore',
    });
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      expect(processTree(process.pid)).toContain(child.pid);
      expect(treeRssKb([process.pid])).toBeGreaterThan(treeRssKb([child.pid!]));
      expect(treeRssKb([child.pid!])).toBeGreaterThan(1000);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
