// A stand-in analysis thread for analysis-pool.test.ts: the page's HTML says how to misbehave.
import { readlinkSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

// Like the real thread, first say the OS thread id, so the pool can read this thread's CPU time.
let tid = null;
try {
  tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
} catch {}
parentPort.postMessage({ tid });

parentPort.on('message', (job) => {
  const html = job.artifacts.fetch.html;
  if (html.includes('CRASH')) {
    setImmediate(() => {
      throw new Error('boom');
    });
    return;
  }
  if (html.includes('EXIT')) process.exit(3);
  if (html.includes('HANG')) for (;;);
  if (html.includes('SLEEP')) {
    // Blocked for 800 ms without using the CPU (as on a machine too busy to schedule it).
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 800);
  }
  if (html.includes('SLOW')) {
    const until = Date.now() + 400;
    while (Date.now() < until);
  }
  if (html.includes('THROW')) {
    parentPort.postMessage({ id: job.id, error: { name: 'TypeError', message: 'bad input' } });
    return;
  }
  parentPort.postMessage({ id: job.id, report: { url: job.artifacts.fetch.requestedUrl } });
});
