import type { PageSignals } from '@crawlwise/shared/site-findings';
import { describe, expect, it } from 'vitest';
import { DAMPING, ITERATIONS, linkScores } from './link-score.ts';
import {
  buildSiteGraph,
  type SiteGraph,
  type SiteGraphLink,
  type SiteGraphPage,
} from './site-graph.ts';

/** The scores as first written (a list of targets per page, a look-up per link): the reference. */
function referenceLinkScores(graph: SiteGraph): Map<string, number> {
  const keys = [...graph.nodes.values()]
    .filter((node) => node.kind === 'page')
    .map((node) => node.page.key);
  const count = keys.length;
  const scores = new Map<string, number>();
  if (count === 0) return scores;
  const index = new Map(keys.map((key, i) => [key, i]));
  const resolve = (target: string): number | undefined => {
    const node = graph.nodes.get(target);
    if (node?.kind === 'redirect') return index.get(node.page.signals!.finalKey);
    return index.get(target);
  };
  const edges: number[][] = keys.map(() => []);
  for (const links of graph.inbound.values()) {
    for (const link of links) {
      if (link.nofollow) continue;
      const from = index.get(link.source);
      const to = resolve(link.target);
      if (from === undefined || to === undefined || from === to) continue;
      if (!edges[from]!.includes(to)) edges[from]!.push(to);
    }
  }
  let rank = new Float64Array(count).fill(1 / count);
  for (let round = 0; round < ITERATIONS; round += 1) {
    const next = new Float64Array(count);
    let dangling = 0;
    for (let from = 0; from < count; from += 1) {
      const targets = edges[from]!;
      if (targets.length === 0) {
        dangling += rank[from]!;
        continue;
      }
      const share = rank[from]! / targets.length;
      for (const to of targets) next[to]! += share;
    }
    const base = (1 - DAMPING) / count + (DAMPING * dangling) / count;
    for (let i = 0; i < count; i += 1) next[i] = base + DAMPING * next[i]!;
    rank = next;
  }
  let top = 0;
  for (const value of rank) top = Math.max(top, value * count);
  const scale = Math.log1p(top);
  keys.forEach((key, i) => {
    scores.set(key, scale === 0 ? 100 : Math.round((100 * Math.log1p(rank[i]! * count)) / scale));
  });
  return scores;
}

const key = (n: number) => `https://s.test/p${n}`;

/** A crawl of `size` pages with random links: redirects, nofollow, repeats, self-links, gone targets. */
function randomGraph(size: number, seed: number): SiteGraph {
  let state = seed;
  const random = (below: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % below;
  };
  const pages: SiteGraphPage[] = [];
  for (let n = 0; n < size; n += 1) {
    const redirectTo = n % 11 === 5 ? key(random(size)) : null;
    const signals: PageSignals = {
      finalKey: redirectTo ?? key(n),
      status: 200,
      redirects: redirectTo ? [{ key: redirectTo, status: 301 }] : [],
      noindex: false,
      canonical: key(n),
      hreflang: [],
      fingerprint: null,
      words: 300,
      externalLinks: 0,
    };
    pages.push({
      key: key(n),
      state: n % 17 === 3 ? 'failed' : 'completed',
      errorCode: n % 17 === 3 ? 'http_404' : null,
      signals,
      title: `Page ${n}`,
      description: null,
      inSitemap: true,
      score: 80,
    });
  }
  const links: SiteGraphLink[] = [];
  for (let from = 0; from < size; from += 1) {
    for (let i = random(30); i > 0; i -= 1) {
      links.push({
        source: key(from),
        // Some targets are no crawled page at all.
        target: key(random(size + size / 10)),
        anchor: '',
        nofollow: random(9) === 0,
        renderedOnly: false,
      });
    }
  }
  return buildSiteGraph({ startKey: key(0), sitemapRead: false, pages, links });
}

describe('linkScores', () => {
  it('gives exactly the scores of the implementation as first written', () => {
    for (const [size, seed] of [
      [1, 1],
      [7, 2],
      [60, 3],
      [400, 4],
      [2000, 5],
    ] as const) {
      const graph = randomGraph(size, seed);
      expect(linkScores(graph)).toEqual(referenceLinkScores(graph));
    }
    // The large graph has what the comparison is about: redirects and a spread of scores.
    const graph = randomGraph(2000, 5);
    expect([...graph.nodes.values()].some((node) => node.kind === 'redirect')).toBe(true);
    expect(new Set(linkScores(graph).values()).size).toBeGreaterThan(10);
  });

  it('scores nothing for a crawl without pages', () => {
    const graph = buildSiteGraph({ startKey: key(0), sitemapRead: false, pages: [], links: [] });
    expect(linkScores(graph).size).toBe(0);
  });
});
