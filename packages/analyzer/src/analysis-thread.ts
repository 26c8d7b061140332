import { parentPort } from 'node:worker_threads';
import type { AnalysisJob, AnalysisReply, ThreadHello } from './analysis-pool.ts';
import { analyzeArtifacts } from './analyze-artifacts.ts';
import { currentThreadId } from './thread-cpu.ts';

/**
 * Body of an analysis thread: answers each job with analyzeArtifacts, the pure CPU half of an
 * analysis (parse, visible text, checks, score). Errors go back as data; anything that escapes
 * crashes the thread, which the pool notices and replaces.
 */

const port = parentPort;
if (!port)
  throw new Error('analysis-thread.ts runs only as a worker thread (see analysis-pool.ts)');

// The pool reads this thread's CPU time by its OS id to hold each analysis to its CPU budget.
port.postMessage({ tid: currentThreadId() } satisfies ThreadHello);

port.on('message', (job: AnalysisJob) => {
  let reply: AnalysisReply;
  try {
    reply = { id: job.id, report: analyzeArtifacts(job.artifacts) };
  } catch (error) {
    const { name, message } =
      error instanceof Error ? error : { name: 'Error', message: String(error) };
    reply = { id: job.id, error: { name, message } };
  }
  port.postMessage(reply);
});
