import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  cpuTicks,
  kbField,
  parentPid,
  pidsNamed,
  processTree,
  samplePeak,
  treeRssKb,
} from './process-tree.ts';

describe('reading /proc', () => {
  it('takes the parent pid after the last parenthesis of the command name', () => {
    expect(parentPid('4242 (node) S 17 4242 4242 0 -1 4194560')).toBe(17);
    expect(parentPid('4243 (a) (b c) R 99 4243 4243 0 -1')).toBe(99);
  });

  it('reads user + system ticks from stat, whatever the command name holds', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    expect(cpuTicks('7 (we (b) rd) S 1 7 7 0 -1 4194560 10 0 0 0 250 31 0 0 20 0 3')).toBe(281);
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

  it('counts the CPU a busy child spends after the sampler starts, not before', async () => {
    // The child spins until it has used 300 ms of CPU (whatever the machine's load), says so,
    // then sleeps until killed.
    const spin = `const spin = () => { const t = process.cpuUsage(); while (true) {
      const u = process.cpuUsage(t); if (u.user + u.system >= 300000) break; } };
      process.stdin.on('data', () => { spin(); process.stdout.write('spun'); });
      setTimeout(() => {}, 20000);`;
    const child = spawn(process.execPath, ['-e', spin], { stdio: ['pipe', 'pipe', 'ignore'] });
    const spun = () =>
      new Promise((resolve) => child.stdout!.once('data', resolve)).then(
        () => new Promise((resolve) => setTimeout(resolve, 120)),
      );
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      // Spun before the sampler starts: not counted.
      child.stdin!.write('go');
      await spun();
      const sampler = samplePeak(() => [child.pid!], 50);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(sampler.cpuMs()).toBeLessThan(150);
      // Spun while it samples: counted.
      child.stdin!.write('go');
      await spun();
      sampler.stop();
      expect(sampler.cpuMs()).toBeGreaterThanOrEqual(280);
      expect(sampler.cpuMs()).toBeLessThan(600);
      expect(sampler.peakMB()).toBeGreaterThan(1);
      expect(pidsNamed('node')).toContain(process.pid);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
