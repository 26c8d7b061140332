// A stand-in analysis thread for analysis-pool.test.ts: the page's HTML says how to misbehave.
import { parentPort } from 'node:worker_threads';

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
