import type { SiteGraphPage } from '../site/site-graph.ts';

/**
 * The CLI crawl's frontier: every address the crawl knows, keyed by crawl key, in one process's
 * memory (a CLI run is one process; the server keeps the same in its database). An entry holds
 * only what the site findings read (SiteGraphPage) plus its click depth: a page's report is
 * dropped once its signals, title, description and score are taken out of it.
 *
 * Pending addresses wait in one first-in-first-out queue per click depth and the shallowest is
 * taken first, so a page is reached by its shortest path before the depth limit cuts anything.
 */

export interface FrontierEntry extends SiteGraphPage {
  /**
   * Clicks from the start page along the links the crawl followed; null for a sitemap entry no
   * followed link has reached yet (it is crawled as one click from the start, as the server does).
   */
  depth: number | null;
  /** Times the site answered 429 / 503 for this address and it was put back. */
  throttled: number;
}

/** Where a sitemap entry no link has reached yet waits: one step from the start. */
export const SITEMAP_SEED_DEPTH = 1;

export type AddOutcome = 'queued' | 'known' | 'over-limit';

export class Frontier {
  readonly #entries = new Map<string, FrontierEntry>();
  /** Pending keys per depth; `#heads[d]` is the next unread position of `#queues[d]`. */
  readonly #queues: string[][] = [];
  readonly #heads: number[] = [];
  #pending = 0;
  /** An address was left out because the frontier was full. */
  limitReached = false;

  constructor(readonly maxPages: number) {}

  get size(): number {
    return this.#entries.size;
  }

  get pending(): number {
    return this.#pending;
  }

  get(key: string): FrontierEntry | undefined {
    return this.#entries.get(key);
  }

  /** Every entry, in the order it was discovered. */
  entries(): IterableIterator<FrontierEntry> {
    return this.#entries.values();
  }

  /**
   * Adds an address found at `depth` (null: a sitemap entry). A known address keeps its entry
   * and takes the shorter depth; a new one is queued unless the frontier already holds maxPages.
   */
  add(key: string, depth: number | null, inSitemap: boolean): AddOutcome {
    const known = this.#entries.get(key);
    if (known) {
      if (depth !== null && (known.depth === null || known.depth > depth)) known.depth = depth;
      return 'known';
    }
    if (this.#entries.size >= this.maxPages) {
      this.limitReached = true;
      return 'over-limit';
    }
    this.#entries.set(key, {
      key,
      state: 'pending',
      errorCode: null,
      signals: null,
      title: null,
      description: null,
      inSitemap,
      score: null,
      depth,
      throttled: 0,
    });
    this.#enqueue(key, depth ?? SITEMAP_SEED_DEPTH);
    return 'queued';
  }

  /** Puts a pending address back at the head of its depth's queue (a 429 / 503 to retry). */
  putBack(key: string): void {
    const entry = this.#entries.get(key);
    if (entry?.state !== 'pending') return;
    const depth = entry.depth ?? SITEMAP_SEED_DEPTH;
    const head = this.#heads[depth] ?? 0;
    const queue = this.#queue(depth);
    if (head > 0) {
      this.#heads[depth] = head - 1;
      queue[head - 1] = key;
    } else queue.unshift(key);
    this.#pending += 1;
  }

  /**
   * Takes the shallowest pending address that `ready` accepts (its host may be asked now), or
   * null when none does. Skipped addresses keep their place.
   */
  take(ready: (key: string) => boolean): string | null {
    for (let depth = 0; depth < this.#queues.length; depth++) {
      const queue = this.#queues[depth]!;
      const head = this.#heads[depth]!;
      for (let i = head; i < queue.length; i++) {
        const key = queue[i]!;
        if (!ready(key)) continue;
        if (i === head) this.#heads[depth] = head + 1;
        else queue.splice(i, 1);
        this.#pending -= 1;
        this.#compact(depth);
        return key;
      }
    }
    return null;
  }

  /** Every pending address, shallowest first (what a stopped crawl did not get to). */
  drainPending(): string[] {
    const keys: string[] = [];
    for (let depth = 0; depth < this.#queues.length; depth++) {
      keys.push(...this.#queues[depth]!.slice(this.#heads[depth]!));
      this.#queues[depth] = [];
      this.#heads[depth] = 0;
    }
    this.#pending = 0;
    return keys;
  }

  #queue(depth: number): string[] {
    while (this.#queues.length <= depth) {
      this.#queues.push([]);
      this.#heads.push(0);
    }
    return this.#queues[depth]!;
  }

  #enqueue(key: string, depth: number): void {
    this.#queue(depth).push(key);
    this.#pending += 1;
  }

  /** Drops the read part of a queue once it is most of it, so a long crawl does not keep it. */
  #compact(depth: number): void {
    const head = this.#heads[depth]!;
    const queue = this.#queues[depth]!;
    if (head > 1024 && head * 2 > queue.length) {
      this.#queues[depth] = queue.slice(head);
      this.#heads[depth] = 0;
    }
  }
}
