import { describe, expect, it } from 'vitest';
import { generateSite } from './generate-site.ts';
import type { FindingId } from './manifest.ts';
import { REVISION_WORDS } from './plant-content.ts';
import { type ObservedSite, observeSite } from './test-support/observe-site.ts';
import {
  depthsOf,
  inboundOf,
  observedFindings,
  observedPageFacts,
} from './test-support/observed-findings.ts';
import { hammingDistance, SHINGLE_HASHES, simhash } from './test-support/simhash.ts';

/**
 * The 300-page site's manifest against the site itself: observe-site.ts crawls the responses
 * with the analyzer's parser and link extraction, observed-findings.ts computes every finding
 * from what it read, and both must equal what the generator wrote from its plan. Two seeds,
 * so a property that holds for one layout by luck does not pass unnoticed.
 */

const ORIGIN = 'http://127.0.0.1:8080';
const url = (path: string) => `${ORIGIN}${path}`;

describe.each(['manifest', 'second layout'])('the 300-page site of seed "%s"', (seed) => {
  const site = generateSite({ pages: 300, seed, origin: ORIGIN });
  const observed: ObservedSite = observeSite(site);
  const findings = observedFindings(observed);
  const { expected } = site;
  const ids = Object.keys(expected.findings) as FindingId[];

  describe('its expected manifest', () => {
    it('names the addresses a crawl requests and the ones robots.txt keeps it from', () => {
      expect([...observed.requested].sort()).toEqual(expected.crawl.requested);
      expect([...observed.blocked].sort()).toEqual(expected.crawl.blocked);
      expect(observed.sitemapFiles).toEqual(expected.sitemaps);
      const hops = [...observed.redirects.values()].flatMap((r) => r.hops);
      expect([...new Set(hops.filter((hop) => !observed.pages.has(hop)))].sort()).toEqual(
        expected.crawl.redirectHopsOnly,
      );
    });

    it('states each page as the HTML shows it: status, indexability, sitemap, depth, inbound links', () => {
      expect(observedPageFacts(observed)).toEqual(expected.pages);
    });

    it.each(ids)('lists %s exactly as the served pages show it', (id) => {
      expect(findings[id]).toEqual(expected.findings[id]);
      expect(expected.affected[id].length).toBeGreaterThan(0);
    });

    it('plants every problem on the pages the generator picked for it', () => {
      const { status, canonical, directives, hreflang, content } = site.plants;
      const affected = expected.affected;
      const has = (id: FindingId, path: string) =>
        expect(affected[id], `${id} ${path}`).toContain(url(path));
      for (const page of [...status.notFound, ...status.serverError])
        has('broken-internal-links', page.path);
      for (const page of [...status.redirects, ...status.chains])
        has('redirected-internal-links', page.path);
      for (const page of [...status.chains, status.loop]) has('redirect-chains', page.path);
      for (const { page } of content.orphans) has('orphan-pages', page.path);
      for (const page of content.singleInbound) has('single-inbound-link', page.path);
      for (const page of [...directives.noindex, directives.headerNoindex])
        has('links-to-noindex', page.path);
      for (const page of [
        ...canonical.print,
        ...canonical.loop,
        canonical.chain[0]!,
        canonical.chain[1]!,
      ]) {
        has('links-to-canonicalised', page.path);
      }
      has('canonical-chains', canonical.chain[0]!.path);
      for (const page of canonical.loop) has('canonical-chains', page.path);
      for (const page of canonical.toError) has('canonical-to-error', page.path);
      for (const page of content.notInSitemap) has('indexable-not-in-sitemap', page.path);
      for (const group of hreflang) {
        for (const page of group.pages) {
          if (group.kind === 'no-x-default') has('hreflang-missing-x-default', page.path);
          if (group.kind === 'missing-return' && page.lang === 'en' && page.kind === 'edition') {
            if (group.pages[0] !== page) has('hreflang-missing-return', page.path);
          }
        }
        if (group.broken) has('hreflang-to-error', group.broken.path);
      }
      expect(expected.findings['near-duplicates']).toEqual(
        content.nearDuplicates.map((cluster) => cluster.map((p) => url(p.path)).sort()).sort(),
      );
      expect(expected.findings['duplicate-titles'].map((g) => g.urls)).toEqual(
        content.duplicateTitles.map((group) => group.map((p) => url(p.path)).sort()).sort(),
      );
      expect(expected.findings['duplicate-descriptions'].map((g) => g.urls)).toEqual(
        content.duplicateDescriptions.map((group) => group.map((p) => url(p.path)).sort()).sort(),
      );
      const nofollowSources = new Set(
        expected.findings['nofollow-internal-links'].map((l) => l.source),
      );
      for (const page of [...directives.nofollowSources, directives.nofollowPage]) {
        expect(nofollowSources).toContain(url(page.path));
      }
      const sitemapProblems = new Set(
        expected.findings['sitemap-not-indexable'].map((x) => x.problem),
      );
      expect([...sitemapProblems].sort()).toEqual(
        ['blocked', 'canonicalised', 'noindex', 'not-found', 'redirect', 'redirect-loop'].sort(),
      );
    });

    it('links to the robots.txt-disallowed section from the pages', () => {
      const linked = new Set(
        [...observed.pages.values()].flatMap((p) => p.links.map((l) => l.key)),
      );
      const blockedLinked = expected.crawl.blocked.filter((blocked) => linked.has(blocked));
      expect(blockedLinked.length).toBeGreaterThan(0);
      for (const blocked of expected.crawl.blocked) expect(blocked).toContain('/account/');
    });
  });

  /**
   * Where a crawler's reading could differ (does a nofollow link count for depth or inbound links?
   * are a redirect's final page's links filed under the redirecting address?), the site is built
   * so both readings give the same findings.
   */
  describe('the manifest does not depend on readings the definitions leave open', () => {
    it('gives the same click depths whether nofollow links count or not', () => {
      expect(depthsOf(observed, true)).toEqual(depthsOf(observed));
    });

    it('gives the same orphans and single-inbound pages whether nofollow links count or not', () => {
      const all = inboundOf(observed);
      for (const [target, sources] of all) {
        const followed = [...sources].filter(
          (source) => !observed.pages.get(source)!.links.find((l) => l.key === target)!.nofollow,
        );
        expect(Math.min(followed.length, 2), target).toBe(Math.min(sources.size, 2));
      }
    });

    it('ends every redirect on a page the header links to from every page', () => {
      const header = new Set(site.plan.header.map((link) => url(link.target)));
      for (const { hops, final } of observed.redirects.values()) {
        if (hops.length > 0 && final !== null) expect(header).toContain(final);
      }
    });

    it('puts no link on pages that do not answer 200', () => {
      for (const page of observed.pages.values())
        if (page.status !== 200) expect(page.links).toEqual([]);
    });

    it('gives the same duplicate titles and descriptions over every page as over indexable ones', () => {
      // Today's site report groups every analysed page; the new findings only indexable ones.
      const all = observedFindings(observed, () => true);
      expect(all['duplicate-titles']).toEqual(findings['duplicate-titles']);
      expect(all['duplicate-descriptions']).toEqual(findings['duplicate-descriptions']);
    });
  });

  describe('the near-duplicate clusters', () => {
    const pages = (cluster: string[]) => cluster.map((u) => observed.pages.get(u)!);

    it('differ in their main text by a few words at most, within 3 bits under each hash', () => {
      for (const cluster of expected.findings['near-duplicates']) {
        const [first, ...rest] = pages(cluster);
        for (const page of rest) {
          const differing = page.words.filter((word, i) => word !== first!.words[i]).length;
          expect(differing).toBeLessThanOrEqual(1);
          for (const hash of SHINGLE_HASHES) {
            expect(
              hammingDistance(simhash(page.words, hash), simhash(first!.words, hash)),
            ).toBeLessThanOrEqual(3);
          }
        }
      }
    });

    it('include revisions whose long texts differ in one word, and copies with other titles', () => {
      const clusters = expected.findings['near-duplicates'].map(pages);
      const revisions = clusters.filter((cluster) => cluster[0]!.words.length >= REVISION_WORDS);
      expect(revisions.length).toBeGreaterThan(0);
      for (const cluster of revisions)
        expect(new Set(cluster.map((p) => p.words.join(' '))).size).toBe(cluster.length);
      for (const cluster of clusters)
        expect(new Set(cluster.map((p) => p.title)).size).toBe(cluster.length);
    });
  });
});
