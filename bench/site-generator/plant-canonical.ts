import { add, type Layout } from './layout.ts';
import { articleBody, makePage } from './page-factory.ts';
import { appendLink, type Candidate, takeItems } from './pick.ts';
import type { PlannedPage } from './plan.ts';
import type { StatusTargets } from './plant-status.ts';
import type { PlantCounts } from './scale.ts';

/**
 * Pages whose canonical names another address, each linked from one ordinary item:
 * - print versions (`<item>/print`: the item's text without the site's header and footer,
 *   canonical to the item; the first `sitemapCanonicalised` are listed in the sitemap);
 * - a canonical chain: edition 1 → edition 2 → the item linking to both;
 * - a canonical loop: two "compare" pages naming each other;
 * - a canonical to a 404 (one of the deleted items, which other pages link to, so a crawl
 *   requests it).
 * No canonical names a redirect: whether the redirect's final page's own canonical then makes a
 * chain is a reading the definitions leave open, and the manifest must not depend on it.
 */

/** 200 pages this module adds beside the layout's. */
export const canonicalPageCount = (counts: PlantCounts): number => counts.printVersions + 5;

export interface CanonicalPlants {
  print: PlannedPage[];
  chain: PlannedPage[];
  loop: PlannedPage[];
  toError: PlannedPage[];
}

export function plantCanonicals(
  layout: Layout,
  counts: PlantCounts,
  targets: StatusTargets,
): CanonicalPlants {
  const { plan, names } = layout;
  const rng = layout.rng.fork('canonical');

  const print = takeItems(layout, rng, counts.printVersions, 'print-host').map(
    ({ item }, index) => {
      const page = add(
        plan,
        makePage({
          path: names.claimPath(`${item.path}/print`),
          kind: 'print',
          chrome: false,
          canonical: item.path,
          inSitemap: index < counts.sitemapCanonicalised,
          heading: item.heading,
          title: `Printable: ${item.heading} | ${plan.siteName}`,
          description: names.description('Printable version. '),
          main: [
            ...item.main,
            { type: 'pagination', links: [{ target: item.path, anchor: 'Back to the article' }] },
          ],
        }),
      );
      appendLink(item, 'Prefer paper?', { target: page.path, anchor: 'Print this page' });
      return page;
    },
  );

  const sidePage = (host: Candidate, label: string, canonical: string): PlannedPage => {
    const heading = names.heading();
    return add(
      plan,
      makePage({
        path: names.claimPath(`${host.item.path}/${label}`),
        kind: 'article',
        canonical,
        inSitemap: false,
        heading,
        title: `${heading} (${label}) | ${plan.siteName}`,
        description: names.description(),
        breadcrumbs: host.item.breadcrumbs,
        main: articleBody(names, rng),
      }),
    );
  };

  const [chainHost, loopHost, errorHost] = takeItems(layout, rng, 3, 'canonical-host') as [
    Candidate,
    Candidate,
    Candidate,
  ];
  const editionTwo = sidePage(chainHost, 'edition-2', chainHost.item.path);
  const editionOne = sidePage(chainHost, 'edition-1', editionTwo.path);
  appendLink(chainHost.item, 'First published as', {
    target: editionOne.path,
    anchor: 'Edition one',
  });
  appendLink(chainHost.item, 'Revised as', { target: editionTwo.path, anchor: 'Edition two' });

  const compareA = `${loopHost.item.path}/compare-a`;
  const compareB = `${loopHost.item.path}/compare-b`;
  const loop = [
    sidePage(loopHost, 'compare-a', compareB),
    sidePage(loopHost, 'compare-b', compareA),
  ];
  for (const page of loop)
    appendLink(loopHost.item, 'Compare:', { target: page.path, anchor: page.heading });

  const toNotFound = sidePage(errorHost, 'summary', targets.notFound[0]!.path);
  appendLink(errorHost.item, 'In short:', { target: toNotFound.path, anchor: 'Read the summary' });

  return { print, chain: [editionOne, editionTwo, chainHost.item], loop, toError: [toNotFound] };
}
