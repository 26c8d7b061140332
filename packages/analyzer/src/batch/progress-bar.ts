import type { BatchProgress } from './run-batch.ts';

/**
 * The batch progress bar: one line on stderr, redrawn in place, only when stderr is a terminal
 * (a log file or a pipe gets nothing, so stdout and logs stay clean).
 */

const BAR_WIDTH = 24;
/** Redraws at most this often; a fast run would otherwise spend its time writing to the tty. */
const REDRAW_MS = 100;

/** The bar's text for `columns` terminal columns (never longer, so it never wraps). */
export function renderProgressBar(progress: BatchProgress, columns = 80): string {
  const fraction = progress.total === 0 ? 1 : progress.done / progress.total;
  const filled = Math.round(fraction * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
  const counts = `${progress.done}/${progress.total} ${String(Math.floor(fraction * 100)).padStart(3)}%`;
  const detail = `ok ${progress.ok} failed ${progress.failed} in flight ${progress.inFlight}`;
  const line = `${bar} ${counts}  ${detail}${progress.url ? `  ${progress.url}` : ''}`;
  const max = Math.max(10, columns - 1);
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export interface ProgressBar<P = BatchProgress> {
  update(progress: P): void;
  /** Clears the line; call before printing the summary. */
  done(): void;
}

export function createProgressBar(
  stream: NodeJS.WriteStream = process.stderr,
  options: { enabled?: boolean } = {},
): ProgressBar {
  return createStatusLine(stream, renderProgressBar, {
    ...options,
    isFinal: (progress) => progress.done === progress.total,
  });
}

/**
 * One line on `stream` showing the latest progress, redrawn in place at most every REDRAW_MS
 * (and at once for a final one); nothing at all unless the stream is a terminal. The batch bar
 * and the crawl's (site-crawl/crawl-progress.ts) differ only in `render`.
 */
export function createStatusLine<P>(
  stream: NodeJS.WriteStream,
  render: (progress: P, columns: number) => string,
  options: { enabled?: boolean; isFinal?: (progress: P) => boolean } = {},
): ProgressBar<P> {
  const enabled = options.enabled ?? stream.isTTY === true;
  if (!enabled) return { update() {}, done() {} };
  let latest: P | null = null;
  let lastDraw = 0;
  let timer: NodeJS.Timeout | null = null;
  const draw = () => {
    timer = null;
    if (latest === null) return;
    lastDraw = performance.now();
    stream.write(`\r${render(latest, stream.columns ?? 80)}\x1b[K`);
  };
  return {
    update(progress) {
      latest = progress;
      const wait = REDRAW_MS - (performance.now() - lastDraw);
      if (wait <= 0 || options.isFinal?.(progress)) draw();
      else timer ??= setTimeout(draw, wait);
    },
    done() {
      if (timer) clearTimeout(timer);
      timer = null;
      stream.write('\r\x1b[K');
    },
  };
}
