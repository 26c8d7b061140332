import {
  SITE_FINDING_IDS,
  SITE_FINDINGS,
  type SiteFindingId,
  type SiteFindingSeverity,
} from '@crawlwise/shared/site-findings';
import { duplicateGroups } from '../batch/site-view.ts';
import { linkScores } from './link-score.ts';
import { nearDuplicateClusters } from './near-duplicates.ts';
import {
  buildSiteGraph,
  canonicalElsewhere,
  inboundSources,
  type SiteGraph,
  type SiteGraphInput,
  type SiteGraphLink,
  type SiteNode,
  samePage,
} from './site-graph.ts';
import { type SiteScore, siteScore } from './site-score.ts';

/**
 * The site-level findings of a crawl (issue 19; rules in docs/checks.md, "Site-level
 * findings"): each a pass over the graph's nodes and links, so the cost grows with the crawl's
 * size and nothing is fetched. The items carry every source; the site report clips them.
 */

/** Click depth above which a page counts as deep. */
export const DEEP_PAGE_DEPTH = 3;

export interface FindingSource {
  url: string;
  anchor: string;
}

export interface RawFindingItem {
  url: string;
  detail: string | null;
  sources: FindingSource[];
}

export interface RawSiteFinding {
  id: SiteFindingId;
  severity: SiteFindingSeverity;
  items: RawFindingItem[];
}

export interface SitePageFacts {
  depth: number | null;
  /** Distinct pages linking here. */
  inbound: number;
  /** 0-100; null for an address that is not a page (redirect, error). */
  linkScore: number | null;
  indexable: boolean;
}

export interface SiteAnalysis {
  /** Findings with at least one item, most serious first. */
  findings: RawSiteFinding[];
  pages: Map<string, SitePageFacts>;
  score: SiteScore;
  /** The graph the findings were read from (the server's audit lists its broken links). */
  graph: SiteGraph;
}

const sourcesOf = (links: readonly SiteGraphLink[]): FindingSource[] =>
  links.map((link) => ({ url: link.source, anchor: link.anchor }));

/** A page may be indexed: it answered 200 itself, with no noindex and no canonical elsewhere. */
function isIndexable(node: SiteNode): boolean {
  const signals = node.page.signals;
  return (
    node.kind === 'page' &&
    (signals === null || (!signals.noindex && canonicalElsewhere(signals) === null))
  );
}

type Finder = (graph: SiteGraph, pages: readonly SiteNode[]) => RawFindingItem[];

/** Items for every node of a kind that is linked to, with its linking pages. */
const linkedNodes =
  (wanted: (node: SiteNode) => string | null): Finder =>
  (graph, nodes) =>
    nodes.flatMap((node) => {
      const detail = wanted(node);
      if (detail === null) return [];
      const sources = inboundSources(graph, node.page.key);
      return sources.length === 0
        ? []
        : [{ url: node.page.key, detail, sources: sourcesOf(sources) }];
    });

const pageSignals = (node: SiteNode) => (node.kind === 'page' ? node.page.signals : null);

const isStart = (graph: SiteGraph, node: SiteNode) => samePage(node.page.key, graph.input.startKey);

const FINDERS: Record<SiteFindingId, Finder> = {
  'broken-internal-links': linkedNodes((node) => (node.kind === 'broken' ? node.label : null)),
  'redirected-internal-links': linkedNodes((node) =>
    node.kind === 'redirect' ? node.label : null,
  ),
  'redirect-chains': (graph, nodes) =>
    nodes.flatMap((node) => {
      const hops = node.page.signals?.redirects.length ?? 0;
      const loop = node.page.errorCode === 'redirect_loop';
      if (!loop && !(node.kind === 'redirect' && hops >= 2)) return [];
      const detail = loop ? 'redirects in a loop' : `${hops} hops → ${node.page.signals!.finalKey}`;
      return [
        { url: node.page.key, detail, sources: sourcesOf(inboundSources(graph, node.page.key)) },
      ];
    }),
  'orphan-pages': (graph, nodes) =>
    nodes.flatMap((node) =>
      node.kind === 'page' &&
      node.page.inSitemap &&
      !isStart(graph, node) &&
      inboundSources(graph, node.page.key).length === 0
        ? [{ url: node.page.key, detail: 'in the sitemap, linked from no page', sources: [] }]
        : [],
    ),
  'deep-pages': (graph, nodes) =>
    nodes.flatMap((node) => {
      const depth = graph.depth.get(node.page.key);
      return node.kind === 'page' && depth !== undefined && depth > DEEP_PAGE_DEPTH
        ? [{ url: node.page.key, detail: `${depth} clicks from the start page`, sources: [] }]
        : [];
    }),
  'single-inbound-link': (graph, nodes) =>
    nodes.flatMap((node) => {
      if (node.kind !== 'page' || isStart(graph, node)) return [];
      const sources = inboundSources(graph, node.page.key);
      return sources.length === 1
        ? [{ url: node.page.key, detail: 'linked from 1 page', sources: sourcesOf(sources) }]
        : [];
    }),
  'links-to-noindex': linkedNodes((node) => (pageSignals(node)?.noindex ? 'noindex' : null)),
  'links-to-canonicalised': linkedNodes((node) => {
    const signals = pageSignals(node);
    const canonical = signals ? canonicalElsewhere(signals) : null;
    return canonical === null ? null : `canonical → ${canonical}`;
  }),
  // Every target, crawled or not: a crawl does not follow nofollow links unless asked to.
  'nofollow-internal-links': (graph) =>
    [...graph.inbound].flatMap(([target, links]) => {
      const nofollow = links.filter((link) => link.nofollow);
      return nofollow.length === 0
        ? []
        : [{ url: target, detail: 'rel="nofollow"', sources: sourcesOf(nofollow) }];
    }),
  'canonical-chains': (graph, nodes) =>
    nodes.flatMap((node) => {
      const chain = canonicalChain(graph, node);
      return chain === null ? [] : [{ url: node.page.key, detail: chain, sources: [] }];
    }),
  'canonical-to-error': (graph, nodes) =>
    nodes.flatMap((node) => {
      const signals = pageSignals(node);
      const canonical = signals ? canonicalElsewhere(signals) : null;
      const target = canonical === null ? undefined : graph.nodes.get(canonical);
      if (target === undefined || (target.kind !== 'broken' && target.kind !== 'redirect'))
        return [];
      return [
        { url: node.page.key, detail: `canonical ${canonical}: ${target.label}`, sources: [] },
      ];
    }),
  'hreflang-missing-return': (graph, nodes) =>
    nodes.flatMap((node) => {
      const signals = pageSignals(node);
      if (!signals) return [];
      return signals.hreflang.flatMap(({ lang, key }) => {
        if (samePage(key, signals.finalKey)) return [];
        const other = graph.nodes.get(key);
        const otherSignals = other && other !== node ? pageSignals(other) : null;
        if (!otherSignals) return [];
        const returns = otherSignals.hreflang.some(
          (alternate) =>
            samePage(alternate.key, signals.finalKey) || samePage(alternate.key, node.page.key),
        );
        return returns
          ? []
          : [{ url: node.page.key, detail: `${key} (${lang}) does not link back`, sources: [] }];
      });
    }),
  'hreflang-missing-x-default': (_graph, nodes) =>
    nodes.flatMap((node) => {
      const alternates = pageSignals(node)?.hreflang ?? [];
      return alternates.length > 0 && !alternates.some((a) => a.lang === 'x-default')
        ? [{ url: node.page.key, detail: `${alternates.length} alternates`, sources: [] }]
        : [];
    }),
  // One item per failing alternate, with the pages that name it (the language as the anchor).
  'hreflang-to-error': (graph, nodes) => {
    const named = new Map<string, FindingSource[]>();
    for (const node of nodes) {
      for (const { lang, key } of pageSignals(node)?.hreflang ?? []) {
        const target = graph.nodes.get(key);
        if (!target || (target.kind !== 'broken' && target.kind !== 'redirect')) continue;
        const sources = named.get(key) ?? [];
        sources.push({ url: node.page.key, anchor: `hreflang="${lang}"` });
        named.set(key, sources);
      }
    }
    return [...named].map(([url, sources]) => ({
      url,
      detail: graph.nodes.get(url)!.label,
      sources,
    }));
  },
  'near-duplicates': (_graph, nodes) => {
    const fingerprinted = nodes.flatMap((node) => {
      const fingerprint = isIndexable(node) ? node.page.signals?.fingerprint : null;
      return fingerprint ? [{ key: node.page.key, fingerprint }] : [];
    });
    return nearDuplicateClusters(fingerprinted).flatMap((cluster, index) =>
      cluster.map((url) => ({
        url,
        detail: `group ${index + 1} of ${cluster.length} near-identical pages`,
        sources: [],
      })),
    );
  },
  'duplicate-titles': (_graph, nodes) =>
    duplicateItems(nodes, (node) => node.page.title, 'pages share this title'),
  'duplicate-descriptions': (_graph, nodes) =>
    duplicateItems(nodes, (node) => node.page.description, 'pages share this description'),
  'sitemap-not-indexable': (_graph, nodes) =>
    nodes.flatMap((node) => {
      if (!node.page.inSitemap) return [];
      const reason = notIndexableReason(node);
      return reason === null ? [] : [{ url: node.page.key, detail: reason, sources: [] }];
    }),
  'indexable-not-in-sitemap': (graph, nodes) =>
    graph.input.sitemapRead
      ? nodes.flatMap((node) =>
          isIndexable(node) && !node.page.inSitemap
            ? [{ url: node.page.key, detail: 'not in the sitemap', sources: [] }]
            : [],
        )
      : [],
};

/** "A → B → C" when the page's canonical names a page that names yet another; loops too. */
function canonicalChain(graph: SiteGraph, node: SiteNode): string | null {
  const first = pageSignals(node);
  const firstTarget = first ? canonicalElsewhere(first) : null;
  if (firstTarget === null) return null;
  const path = [node.page.key, firstTarget];
  const seen = new Set(path);
  let current = firstTarget;
  for (let step = 0; step < 10; step += 1) {
    const target = graph.nodes.get(current);
    const signals = target ? pageSignals(target) : null;
    const next = signals ? canonicalElsewhere(signals) : null;
    if (next === null) break;
    path.push(next);
    if (seen.has(next)) return `canonical loop: ${path.join(' → ')}`;
    seen.add(next);
    current = next;
  }
  return path.length > 2 ? `canonical chain: ${path.join(' → ')}` : null;
}

function notIndexableReason(node: SiteNode): string | null {
  if (node.kind === 'broken' || node.kind === 'redirect' || node.kind === 'blocked') {
    return node.label;
  }
  const signals = pageSignals(node);
  if (!signals) return null;
  if (signals.noindex) return 'noindex';
  const canonical = canonicalElsewhere(signals);
  return canonical === null ? null : `canonical → ${canonical}`;
}

function duplicateItems(
  nodes: readonly SiteNode[],
  textOf: (node: SiteNode) => string | null,
  phrase: string,
): RawFindingItem[] {
  const pages = nodes.filter((node) => node.kind === 'page');
  return duplicateGroups(
    pages.map((node) => ({ url: node.page.key, value: textOf(node) })),
  ).flatMap((group) =>
    group.urls.map((url) => ({
      url,
      detail: `${group.urls.length} ${phrase}: "${group.value}"`,
      sources: [],
    })),
  );
}

/** A finding as every report shows it: its catalogue texts, its count and the points it took. */
export interface DescribedSiteFinding extends RawSiteFinding {
  title: string;
  why: string;
  howToFix: string;
  /** Items in all. */
  count: number;
  /** Points taken off the site score. */
  points: number;
}

export function describeFindings(analysis: SiteAnalysis): DescribedSiteFinding[] {
  return analysis.findings.map((finding) => {
    const { title, why, howToFix } = SITE_FINDINGS[finding.id];
    return {
      ...finding,
      title,
      why,
      howToFix,
      count: finding.items.length,
      points: analysis.score.points.get(finding.id) ?? 0,
    };
  });
}

const SEVERITY_ORDER: Record<SiteFindingSeverity, number> = { critical: 0, warning: 1, notice: 2 };

export function analyseSite(input: SiteGraphInput): SiteAnalysis {
  const graph = buildSiteGraph(input);
  const nodes = [...graph.nodes.values()];
  const findings: RawSiteFinding[] = SITE_FINDING_IDS.flatMap((id) => {
    const items = FINDERS[id](graph, nodes);
    return items.length === 0 ? [] : [{ id, severity: SITE_FINDINGS[id].severity, items }];
  });
  const scores = linkScores(graph);
  const pages = new Map<string, SitePageFacts>();
  for (const node of nodes) {
    pages.set(node.page.key, {
      depth: graph.depth.get(node.page.key) ?? null,
      inbound: inboundSources(graph, node.page.key).length,
      linkScore: scores.get(node.page.key) ?? null,
      indexable: isIndexable(node),
    });
  }
  const score = siteScore(nodes, findings);
  findings.sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      (score.points.get(b.id) ?? 0) - (score.points.get(a.id) ?? 0),
  );
  return { findings, pages, score, graph };
}
