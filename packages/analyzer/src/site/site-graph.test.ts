import { describe, expect, it } from 'vitest';
import { inboundSources, type SiteGraph, type SiteGraphLink, samePage } from './site-graph.ts';

/** The rule samePage keeps: addresses equal once the first run of slashes ending the path goes. */
const byRule = (a: string, b: string) =>
  a === b || a.replace(/\/+(?=$|\?)/, '') === b.replace(/\/+(?=$|\?)/, '');

describe('samePage', () => {
  const addresses = [
    'https://example.com',
    'https://example.com/',
    'https://example.com//',
    'https://example.com/a',
    'https://example.com/a/',
    'https://example.com/a//',
    'https://example.com/a/?x=1',
    'https://example.com/a?x=1',
    'https://example.com/a?x=1/',
    'https://example.com/a/?x=1/',
    'https://example.com/a/b',
    'https://example.com/a/b/',
    'https://example.com/a?next=/b/?c',
    'https://example.com/a/?next=/b/?c',
  ];

  it('treats a trailing slash, before the query or at the end, as the same page', () => {
    expect(samePage('https://example.com/a/', 'https://example.com/a')).toBe(true);
    expect(samePage('https://example.com/a/?x=1', 'https://example.com/a?x=1')).toBe(true);
    expect(samePage('https://example.com/a/b', 'https://example.com/a')).toBe(false);
    expect(samePage('https://example.com/a?x=1', 'https://example.com/a?x=2')).toBe(false);
  });

  it('answers as the rule does for every pair', () => {
    for (const a of addresses) {
      for (const b of addresses) expect([a, b, samePage(a, b)]).toEqual([a, b, byRule(a, b)]);
    }
  });
});

describe('inboundSources', () => {
  /** The first implementation (a set of sources per key), frozen as the reference. */
  const reference = (links: readonly SiteGraphLink[]) => {
    const seen = new Set<string>();
    return links.filter((link) => {
      if (seen.has(link.source)) return false;
      seen.add(link.source);
      return true;
    });
  };

  it('keeps the first link of each source, for every key, in any order of asking', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    const pages = Array.from({ length: 60 }, (_, index) => `https://s.example/${index}`);
    const inbound = new Map<string, SiteGraphLink[]>();
    for (const target of pages) {
      // Few sources for many links: most keys have repeated sources, some none, some one link.
      const links = Array.from({ length: random(12) }, (_, index) => ({
        source: pages[random(8)]!,
        target,
        anchor: `a${index}`,
        nofollow: false,
        renderedOnly: false,
      }));
      inbound.set(target, links);
    }
    const graph = { inbound } as unknown as SiteGraph;
    const order = [...pages].sort(() => random(3) - 1);
    let repeated = 0;
    for (const key of [...order, ...order]) {
      const links = inbound.get(key)!;
      const answer = inboundSources(graph, key);
      expect(answer).toEqual(reference(links));
      expect(inboundSources(graph, key)).toBe(answer);
      if (answer.length < links.length) repeated += 1;
    }
    expect(repeated).toBeGreaterThan(20);
    expect(inboundSources(graph, 'https://s.example/none')).toEqual([]);
  });
});
