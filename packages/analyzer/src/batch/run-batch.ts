import { setTimeout as sleep } from 'node:timers/promises';
import { parseServerUrl } from '@crawlwise/shared/url-input';
import { isAnalysisError } from '../analysis-error.ts';
import { createEngine, type Engine, type EngineOptions } from '../engine.ts';
import type { AnalysisReport } from '../types.ts';
import {
  DEFAULT_BATCH_CONCURRENCY,
  DEFAULT_MAX_PAGES,
  DEFAULT_PER_HOST_DELAY_MS,
  MAX_BATCH_CONCURRENCY,
} from './defaults.ts';

/**
 * Many pages in one run: one engine (one browser, one set of analysis threads) shared by every
 * page, at most `concurrency` pages in flight, and per-host pacing so a site is not hit by a
 * burst. A page that cannot be analysed is recorded with its error and the run goes on.
 */

export {
  DEFAULT_BATCH_CONCURRENCY,
  DEFAULT_MAX_PAGES,
  DEFAULT_PER_HOST_DELAY_MS,
  MAX_BATCH_CONCURRENCY,
};

export type BatchPage =
  | { index: number; url: string; status: 'ok'; durationMs: number; report: AnalysisReport }
  | {
      index: number;
      url: string;
      status: 'failed';
      durationMs: number;
      error: { code: string; message: string };
    }
  /** Not started because the run was cancelled (its signal aborted). */
  | { index: number; url: string; status: 'cancelled' };

export interface BatchResult {
  /** One entry per distinct address analysed (the first maxPages), in input order. */
  pages: BatchPage[];
  /** Addresses given more than once (after normalisation); each was analysed once. */
  duplicates: number;
  /** Distinct addresses past maxPages, not analysed. */
  overLimit: number;
  maxPages: number;
  startedAt: string;
  durationMs: number;
}

export interface BatchProgress {
  total: number;
  done: number;
  ok: number;
  failed: number;
  inFlight: number;
  /** The page that just started or finished. */
  url: string | null;
}

export interface RunBatchOptions {
  urls: readonly string[];
  /** A caller-owned engine, shared and left open. Without it one is made from engineOptions and closed. */
  engine?: Engine;
  engineOptions?: EngineOptions;
  concurrency?: number;
  perHostDelayMs?: number;
  maxPages?: number;
  onProgress?: (progress: BatchProgress) => void;
  /** Stops starting pages; pages in flight finish, the rest are 'cancelled'. */
  signal?: AbortSignal;
}

interface Target {
  index: number;
  url: string;
  /** Pacing key; null for an address that fails validation (nothing is fetched for it). */
  host: string | null;
  invalid: { code: string; message: string } | null;
}

/** Normalises, de-duplicates and caps the input; invalid addresses stay, as pages that fail. */
export function planBatch(
  urls: readonly string[],
  maxPages: number,
): { targets: Target[]; duplicates: number; overLimit: number } {
  const seen = new Set<string>();
  const targets: Target[] = [];
  let duplicates = 0;
  let overLimit = 0;
  for (const raw of urls) {
    const parsed = parseServerUrl(raw);
    const key = parsed.ok ? parsed.url.href : raw.trim();
    if (seen.has(key)) {
      duplicates += 1;
      continue;
    }
    seen.add(key);
    if (targets.length >= maxPages) {
      overLimit += 1;
      continue;
    }
    targets.push(
      parsed.ok
        ? { index: targets.length, url: key, host: parsed.url.host, invalid: null }
        : {
            index: targets.length,
            url: key,
            host: null,
            invalid: {
              code: parsed.code === 'missing_url' ? 'invalid_url' : parsed.code,
              message: parsed.message,
            },
          },
    );
  }
  return { targets, duplicates, overLimit };
}

function positiveInteger(name: string, value: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new RangeError(`${name} must be an integer from 1 to ${max}, got ${value}`);
  }
  return value;
}

export async function runBatch(options: RunBatchOptions): Promise<BatchResult> {
  const maxPages = positiveInteger('maxPages', options.maxPages ?? DEFAULT_MAX_PAGES);
  const concurrency = positiveInteger(
    'concurrency',
    options.concurrency ?? DEFAULT_BATCH_CONCURRENCY,
    MAX_BATCH_CONCURRENCY,
  );
  const delayMs = options.perHostDelayMs ?? DEFAULT_PER_HOST_DELAY_MS;
  if (!Number.isFinite(delayMs) || delayMs < 0) {
    throw new RangeError(`perHostDelayMs must be 0 or more, got ${delayMs}`);
  }

  const startedAt = new Date().toISOString();
  const started = performance.now();
  const { targets, duplicates, overLimit } = planBatch(options.urls, maxPages);
  const pages: BatchPage[] = new Array(targets.length);
  const pending = [...targets];
  /** When each host may next be fetched (performance.now() time). */
  const hostReadyAt = new Map<string, number>();
  const progress: BatchProgress = {
    total: targets.length,
    done: 0,
    ok: 0,
    failed: 0,
    inFlight: 0,
    url: null,
  };
  const report = (url: string | null) => options.onProgress?.({ ...progress, url });

  /** The first pending page whose host may be fetched now, else how long until one may. */
  const take = (): Target | { waitMs: number } | null => {
    if (pending.length === 0) return null;
    const now = performance.now();
    let soonest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < pending.length; i++) {
      const target = pending[i]!;
      const readyAt = target.host === null ? 0 : (hostReadyAt.get(target.host) ?? 0);
      if (readyAt <= now) {
        pending.splice(i, 1);
        if (target.host !== null) hostReadyAt.set(target.host, now + delayMs);
        return target;
      }
      soonest = Math.min(soonest, readyAt - now);
    }
    return { waitMs: Math.max(1, Math.ceil(soonest)) };
  };

  const ownEngine = options.engine ? null : createEngine(options.engineOptions);
  const engine = options.engine ?? ownEngine!;

  const analyse = async (target: Target): Promise<BatchPage> => {
    const pageStarted = performance.now();
    const elapsed = () => Math.round(performance.now() - pageStarted);
    if (target.invalid) {
      return {
        index: target.index,
        url: target.url,
        status: 'failed',
        durationMs: 0,
        error: target.invalid,
      };
    }
    try {
      const result = await engine.analyzeUrl(target.url);
      return {
        index: target.index,
        url: target.url,
        status: 'ok',
        durationMs: elapsed(),
        report: result,
      };
    } catch (error) {
      // Anything a page throws stays that page's problem: the run goes on.
      const failure = isAnalysisError(error)
        ? { code: error.code, message: error.message }
        : {
            code: 'internal_error',
            message: `Internal error: ${error instanceof Error ? error.message : String(error)}`,
          };
      return {
        index: target.index,
        url: target.url,
        status: 'failed',
        durationMs: elapsed(),
        error: failure,
      };
    }
  };

  const lane = async () => {
    for (;;) {
      if (options.signal?.aborted) return;
      const next = take();
      if (next === null) return;
      if ('waitMs' in next) {
        await sleep(next.waitMs, undefined, options.signal ? { signal: options.signal } : {}).catch(
          () => {},
        );
        continue;
      }
      progress.inFlight += 1;
      report(next.url);
      const page = await analyse(next);
      pages[next.index] = page;
      progress.inFlight -= 1;
      progress.done += 1;
      if (page.status === 'ok') progress.ok += 1;
      else progress.failed += 1;
      report(next.url);
    }
  };

  try {
    report(null);
    await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, lane));
  } finally {
    await ownEngine?.close();
  }
  for (const target of pending) {
    pages[target.index] = { index: target.index, url: target.url, status: 'cancelled' };
  }
  return {
    pages,
    duplicates,
    overLimit,
    maxPages,
    startedAt,
    durationMs: Math.round(performance.now() - started),
  };
}
