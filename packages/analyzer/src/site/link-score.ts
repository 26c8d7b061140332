import type { SiteGraph } from './site-graph.ts';

/**
 * The internal link score of each page (issue 19): PageRank (Brin and Page, 1998) over the
 * internal links between the crawl's pages, scaled 0-100 on a log scale. Nofollow links pass
 * nothing, as search engines treat them; a link to a redirect counts for the redirect's final
 * page. The damping factor is the paper's 0.85; 40 iterations settle the ranks of a
 * 10,000-page site to well under a point. docs/checks.md, "Link score".
 */

export const DAMPING = 0.85;
export const ITERATIONS = 40;

export function linkScores(graph: SiteGraph): Map<string, number> {
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

  // Each page's distinct followed targets among the crawl's pages, in the order first met. A
  // target's page is resolved once per target, not once per link (~200,000 links at 10,000
  // pages, each a map look-up or two).
  const edges: number[][] = keys.map(() => []);
  let edgeCount = 0;
  for (const [target, links] of graph.inbound) {
    const to = resolve(target);
    if (to === undefined) continue;
    for (const link of links) {
      if (link.nofollow) continue;
      const from = index.get(link.source);
      if (from === undefined || from === to) continue;
      const targets: number[] = edges[from]!;
      if (!targets.includes(to)) {
        targets.push(to);
        edgeCount += 1;
      }
    }
  }
  // The same edges in two flat arrays (each page's targets from offsets[from] to
  // offsets[from + 1]), which the 40 rounds walk in the same order as the lists above: the
  // sums, and so the scores, are the same to the last bit.
  const offsets = new Int32Array(count + 1);
  const flat = new Int32Array(edgeCount);
  for (let from = 0, at = 0; from < count; from += 1) {
    offsets[from] = at;
    for (const to of edges[from]!) flat[at++] = to;
    offsets[from + 1] = at;
  }

  let rank = new Float64Array(count).fill(1 / count);
  let next = new Float64Array(count);
  for (let round = 0; round < ITERATIONS; round += 1) {
    next.fill(0);
    let dangling = 0;
    for (let from = 0; from < count; from += 1) {
      const first = offsets[from]!;
      const end = offsets[from + 1]!;
      if (first === end) {
        dangling += rank[from]!;
        continue;
      }
      const share = rank[from]! / (end - first);
      for (let at = first; at < end; at += 1) next[flat[at]!]! += share;
    }
    const base = (1 - DAMPING) / count + (DAMPING * dangling) / count;
    for (let i = 0; i < count; i += 1) next[i] = base + DAMPING * next[i]!;
    [rank, next] = [next, rank];
  }

  // Log scale: a page with the average rank scores ln 2 / ln(1 + max·N) of the top page's 100.
  let top = 0;
  for (const value of rank) top = Math.max(top, value * count);
  const scale = Math.log1p(top);
  keys.forEach((key, i) => {
    scores.set(key, scale === 0 ? 100 : Math.round((100 * Math.log1p(rank[i]! * count)) / scale));
  });
  return scores;
}
