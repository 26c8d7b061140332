/**
 * Child-process entry for the corpus server, so serving costs neither memory nor event-loop
 * time in the process being measured. Started by bench/analyze.ts with fork(); reports the
 * origin and the corpus (without bodies) over IPC, answers 'stats' and 'reset', and exits when
 * the parent disconnects.
 */
import { startCorpusServer } from './server.ts';

export interface PageMeta {
  id: number;
  path: string;
  kind: string;
  targetBytes: number;
  bytes: number;
  gzipBytes: number | null;
  scriptRendered: boolean;
  fetchesJson: boolean;
  disallowed: boolean;
}

export type ServeMessage =
  | { type: 'ready'; origin: string; pages: PageMeta[]; totalBytes: number; generateMs: number }
  | { type: 'stats'; requests: Record<string, number>; bytesSent: number };

const seed = process.argv[2] ?? 'crawlwise-bench-v1';
const started = performance.now();
const server = await startCorpusServer(seed);
const generateMs = Math.round(performance.now() - started);

const send = (message: ServeMessage) => process.send?.(message);
send({
  type: 'ready',
  origin: server.origin,
  totalBytes: server.corpus.totalBytes,
  generateMs,
  pages: server.corpus.pages.map(({ asset: _asset, ...meta }) => meta),
});
process.on('message', (message) => {
  if (message === 'stats') send({ type: 'stats', ...server.stats });
  if (message === 'reset') server.resetStats();
});
process.on('disconnect', () => {
  void server.close().then(() => process.exit(0));
});
