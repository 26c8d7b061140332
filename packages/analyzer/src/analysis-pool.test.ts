import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { AnalysisError } from './analysis-error.ts';
import { type AnalysisPool, createAnalysisPool } from './analysis-pool.ts';
import { analyzeArtifacts } from './analyze-artifacts.ts';
import { makeArtifacts } from './page/test-artifacts.ts';

const MISBEHAVING = new URL('./test-support/misbehaving-analysis-thread.mjs', import.meta.url);
const HERE = path.dirname(fileURLToPath(import.meta.url));

const PAGES = [
  `<!doctype html><html lang="en"><head><title>A page title of a good length here</title>
   <meta name="description" content="${'Words that describe the page. '.repeat(4)}">
   <meta property="og:title" content="OG"><link rel="canonical" href="https://example.com/page">
   </head><body><h1>Hello</h1><h3>Skip</h3><p>${'Some text here. '.repeat(200)}</p>
   <a href="/more">read more</a><a href="javascript:void(0)">x</a><img src="/a.png"></body></html>`,
  '<html><body><div id="app"></div><script>render()</script></body></html>',
  '',
];

let pools: AnalysisPool[] = [];
function pool(options: Parameters<typeof createAnalysisPool>[0]): AnalysisPool {
  const created = createAnalysisPool(options);
  pools.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(pools.map((p) => p.close()));
  pools = [];
});

describe('analysis pool on real threads', () => {
  it('returns exactly the report of an in-process analysis', async () => {
    const threads = pool({ threads: 2 });
    const inputs = [
      ...PAGES.map((html) => makeArtifacts({ html })),
      makeArtifacts({
        html: PAGES[1]!,
        render: { status: 'rendered', html: PAGES[0]!, visibleText: 'Hello', durationMs: 300 },
      }),
      makeArtifacts({ html: PAGES[0]!, fetch: { finalUrl: 'http://example.com/other' } }),
    ];
    const reports = await Promise.all(inputs.map((artifacts) => threads.run(artifacts)));
    reports.forEach((report, i) => {
      expect(report).toStrictEqual(analyzeArtifacts(inputs[i]!));
    });
    expect(threads.liveThreads).toBe(2);
  });

  it('sends an error thrown by the analysis back as a rejected Error', async () => {
    const threads = pool({ threads: 1 });
    const broken = makeArtifacts();
    broken.fetch.finalUrl = 'not a url';
    expect(() => analyzeArtifacts(broken)).toThrow(TypeError);
    const error = await threads.run(broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'TypeError', message: expect.stringMatching(/URL/) });
    // The thread survives its job's error.
    expect((await threads.run(makeArtifacts())).score).toEqual(expect.any(Number));
    expect(threads.liveThreads).toBe(1);
  });

  it('stops its threads after idleCloseMs without a job, says so once, and starts them again for the next', async () => {
    let idleCloses = 0;
    const threads = pool({ threads: 2, idleCloseMs: 200, onIdleClose: () => idleCloses++ });
    threads.warm();
    expect(threads.liveThreads).toBe(2);
    const report = await threads.run(makeArtifacts({ html: PAGES[0]! }));
    expect(report.score).toEqual(expect.any(Number));
    await expect.poll(() => threads.liveThreads, { timeout: 5000 }).toBe(0);
    // Told once, when both threads have stopped (the server collects its garbage then).
    await expect.poll(() => idleCloses, { timeout: 5000 }).toBe(1);
    expect((await threads.run(makeArtifacts({ html: PAGES[0]! }))).score).toBe(report.score);
    expect(threads.liveThreads).toBe(1);
    expect(idleCloses).toBe(1);
  });

  it('does not keep a process alive when idle, also when its parent runs under tsx', async () => {
    // A child process under tsx (like the CLI, server and bench) that never closes its pool.
    const script = `
      import { createAnalysisPool } from './analysis-pool.ts';
      import { makeArtifacts } from './page/test-artifacts.ts';
      const threads = createAnalysisPool({ threads: 2 });
      threads.warm();
      const reports = await Promise.all([1, 2, 3].map(() => threads.run(makeArtifacts())));
      console.log(JSON.stringify({ scores: reports.map((r) => r.score), live: threads.liveThreads }));
    `;
    const tsx = path.resolve(HERE, '../../../node_modules/.bin/tsx');
    const { stdout } = await promisify(execFile)(tsx, ['--input-type=module', '-e', script], {
      cwd: HERE,
      timeout: 20_000,
    });
    const result = JSON.parse(stdout.trim());
    expect(result.live).toBe(2);
    expect(result.scores).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
  });
});

describe('analysis pool faults', () => {
  const page = (html: string) => makeArtifacts({ html });

  it('fails the job of a crashed thread and replaces the thread', async () => {
    const threads = pool({ threads: 1, entry: MISBEHAVING });
    await expect(threads.run(page('CRASH'))).rejects.toThrow(/analysis thread crashed: boom/);
    await expect(threads.run(page('EXIT'))).rejects.toThrow(/exited with code 3/);
    await expect(threads.run(page('fine'))).resolves.toMatchObject({ url: expect.any(String) });
    expect(threads.liveThreads).toBe(1);
  });

  it('gives queued jobs to the replacement when a thread crashes', async () => {
    const threads = pool({ threads: 1, entry: MISBEHAVING });
    const results = await Promise.allSettled([
      threads.run(page('CRASH')),
      threads.run(page('fine')),
      threads.run(page('fine')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
  });

  it('fails a job that overruns its time and replaces its thread', async () => {
    const threads = pool({ threads: 1, entry: MISBEHAVING, jobTimeoutMs: 300 });
    await expect(threads.run(page('HANG'))).rejects.toThrow(/did not finish within 300 ms/);
    await expect(threads.run(page('fine'))).resolves.toBeDefined();
  });

  it('fails a job over its CPU budget with analysis_failed, which is not retried', async () => {
    const threads = pool({ threads: 1, entry: MISBEHAVING, cpuBudgetMs: 300 });
    const started = performance.now();
    const error = await threads.run(page('HANG')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalysisError);
    expect(error).toMatchObject({ code: 'analysis_failed', message: /more than 0.3 s/ });
    expect(performance.now() - started).toBeLessThan(5_000);
    // The spinning thread was replaced.
    await expect(threads.run(page('fine'))).resolves.toBeDefined();
    expect(threads.liveThreads).toBe(1);
  });

  it.skipIf(!existsSync('/proc/thread-self'))(
    'counts CPU time, not time spent waiting for a core',
    async () => {
      const threads = pool({ threads: 1, entry: MISBEHAVING, cpuBudgetMs: 300 });
      threads.warm();
      await threads.run(page('fine'));
      // 800 ms blocked but almost no CPU used: within a 300 ms CPU budget.
      await expect(threads.run(page('SLEEP'))).resolves.toBeDefined();
    },
  );

  it('passes analysis errors through with their name', async () => {
    const threads = pool({ threads: 1, entry: MISBEHAVING });
    await expect(threads.run(page('THROW'))).rejects.toMatchObject({
      name: 'TypeError',
      message: 'bad input',
    });
  });

  it('runs jobs on several threads at once and bounds the queue', async () => {
    const threads = pool({ threads: 2, maxQueued: 1, entry: MISBEHAVING });
    const started = performance.now();
    const running = [threads.run(page('SLOW')), threads.run(page('SLOW'))];
    const queued = threads.run(page('fine'));
    await expect(threads.run(page('fine'))).rejects.toThrow(/queue is full \(1 analyses waiting\)/);
    await Promise.all([...running, queued]);
    // Two 400 ms jobs side by side take well under the 800 ms they would take in turn.
    expect(performance.now() - started).toBeLessThan(760);
    expect(threads.liveThreads).toBe(2);
  });

  it('close() fails running and waiting jobs, stops the threads and refuses new jobs', async () => {
    const threads = pool({ threads: 1, entry: MISBEHAVING });
    const running = threads.run(page('SLOW')).catch((error: unknown) => error);
    const waiting = threads.run(page('fine')).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await threads.close();
    expect(await running).toEqual(new Error('The analysis pool is closed'));
    expect(await waiting).toEqual(new Error('The analysis pool is closed'));
    expect(threads.liveThreads).toBe(0);
    await expect(threads.run(page('fine'))).rejects.toThrow(/closed/);
  });

  it('refuses a thread count below one', () => {
    expect(() => createAnalysisPool({ threads: 0 })).toThrow(RangeError);
    expect(() => createAnalysisPool({ threads: 1.5 })).toThrow(RangeError);
  });
});
