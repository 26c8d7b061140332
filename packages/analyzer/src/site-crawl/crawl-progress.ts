import { createStatusLine, type ProgressBar } from '../batch/progress-bar.ts';
import type { CrawlProgress } from './run-crawl.ts';

/**
 * The crawl's progress line on stderr (only on a terminal): addresses discovered, done (of
 * which failed and blocked), in flight, and pages per second. A crawl's total grows as it goes,
 * so the bar shows done out of discovered so far.
 */

const BAR_WIDTH = 20;

export function renderCrawlProgress(progress: CrawlProgress, columns = 80): string {
  const fraction = progress.discovered === 0 ? 0 : progress.done / progress.discovered;
  const filled = Math.round(fraction * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
  const seconds = progress.elapsedMs / 1000;
  const rate = seconds > 0 ? (progress.done / seconds).toFixed(1) : '0.0';
  const detail = `failed ${progress.failed} blocked ${progress.blocked} in flight ${progress.inFlight}`;
  const line = `${bar} ${progress.done}/${progress.discovered} discovered  ${rate} pages/s  ${detail}${progress.url ? `  ${progress.url}` : ''}`;
  const max = Math.max(10, columns - 1);
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function createCrawlProgress(
  stream: NodeJS.WriteStream,
  options: { enabled?: boolean } = {},
): ProgressBar<CrawlProgress> {
  return createStatusLine(stream, renderCrawlProgress, options);
}
