import { setTimeout as sleep } from 'node:timers/promises';
import type { Engine } from '../engine.ts';
import type { Outlink } from '../page/outlinks.ts';
import type { ExternalLinkCheck } from '../site/site-graph.ts';
import { type HostPacer, hostOf } from './host-pacer.ts';

/**
 * The crawl's external-link option (issue 19.3, off by default): each distinct external target
 * the crawled pages link to is asked once how it answers — after the site's own pages, at most
 * `max` targets in the order they were found, `concurrency` at a time, each host paced like the
 * site (the same pacer and floor) and its robots.txt obeyed: a target a rule of its robots.txt
 * disallows is recorded as not checked, never requested.
 */

export { DEFAULT_MAX_EXTERNAL_LINKS, MAX_EXTERNAL_LINKS_CEILING } from './crawl-usage.ts';

interface TargetRecord {
  target: string;
  sources: Array<{ url: string; anchor: string }>;
}

/** External targets and the pages linking to them, in the order the crawl found them. */
export class ExternalLinkBook {
  readonly #targets = new Map<string, TargetRecord>();
  #omitted = 0;

  constructor(private readonly max: number) {}

  record(source: string, links: readonly Outlink[]): void {
    for (const link of links) {
      let known = this.#targets.get(link.key);
      if (!known) {
        if (this.#targets.size >= this.max) {
          this.#omitted += 1;
          continue;
        }
        known = { target: link.key, sources: [] };
        this.#targets.set(link.key, known);
      }
      known.sources.push({ url: source, anchor: link.anchor });
    }
  }

  get size(): number {
    return this.#targets.size;
  }

  /** Links to targets beyond `max`, not checked. */
  get omitted(): number {
    return this.#omitted;
  }

  targets(): TargetRecord[] {
    return [...this.#targets.values()];
  }
}

export interface CheckExternalOptions {
  engine: Engine;
  pacer: HostPacer;
  concurrency: number;
  signal?: AbortSignal;
}

export async function checkExternalLinks(
  book: ExternalLinkBook,
  options: CheckExternalOptions,
): Promise<ExternalLinkCheck[]> {
  const queue = book.targets();
  const results: ExternalLinkCheck[] = [];
  const checkOne = async (record: TargetRecord): Promise<void> => {
    const host = hostOf(record.target);
    const permission = await options.engine.crawlPermission(record.target).catch(() => null);
    // Only a rule that applies keeps the target unasked: a robots.txt that cannot be read says
    // nothing about the link, and a dead host is exactly what the check is for.
    if (permission && !permission.allowed && permission.rule !== null) {
      results.push({ ...record, status: null, finalUrl: null, error: 'blocked_by_robots' });
      return;
    }
    const answer = await options.engine.linkStatus(record.target, options.signal);
    const throttled = answer.status === 429 || answer.status === 503;
    options.pacer.answered(
      host,
      throttled ? { kind: 'throttled' } : { kind: 'answered', ttfbMs: 0 },
    );
    results.push({ ...record, ...answer });
  };
  const inFlight = new Set<Promise<void>>();
  while ((queue.length > 0 || inFlight.size > 0) && !options.signal?.aborted) {
    let soonest = Number.POSITIVE_INFINITY;
    while (inFlight.size < options.concurrency) {
      const now = performance.now();
      const index = queue.findIndex((record) => {
        const wait = options.pacer.waitFor(hostOf(record.target), now);
        if (wait > 0) soonest = Math.min(soonest, wait);
        return wait === 0;
      });
      if (index === -1) break;
      const [record] = queue.splice(index, 1) as [TargetRecord];
      options.pacer.started(hostOf(record.target), now);
      const running = checkOne(record)
        .catch(() => {
          results.push({ ...record, status: null, finalUrl: null, error: 'internal_error' });
        })
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    }
    const wakeUps: Promise<unknown>[] = [...inFlight];
    if (queue.length > 0 && Number.isFinite(soonest)) wakeUps.push(sleep(Math.ceil(soonest)));
    if (wakeUps.length === 0) break;
    await Promise.race(wakeUps);
  }
  await Promise.all(inFlight);
  return results;
}
