import type { Layout } from './layout.ts';
import { RELATED_LINKS } from './links.ts';
import { appendLink, takeItems } from './pick.ts';
import type { PlannedPage } from './plan.ts';
import type { PlantCounts } from './scale.ts';

/**
 * Robots directives:
 * - listed items with `<meta name="robots" content="noindex">` (the first `sitemapNoindex`
 *   stay in the sitemap), and one with an `X-Robots-Tag: noindex` header instead (also in the
 *   sitemap); their listing page and related links point at them;
 * - `rel="nofollow"` links from items to another category's page (2 clicks from home through
 *   its section page, and linked from its items' breadcrumbs, so a crawler that does not follow
 *   nofollow reaches it anyway and no click depth or inbound count depends on whether nofollow
 *   links count);
 * - one item whose robots meta says `nofollow`, so every link on it is nofollow (picked from a
 *   category listed on a single page, so no click depth depends on its links either).
 */

export interface DirectivePlants {
  noindex: PlannedPage[];
  headerNoindex: PlannedPage;
  nofollowSources: PlannedPage[];
  nofollowPage: PlannedPage;
}

export function plantDirectives(layout: Layout, counts: PlantCounts): DirectivePlants {
  const rng = layout.rng.fork('directives');
  const noindex = takeItems(layout, rng, counts.noindex, 'noindex').map(({ item }, index) => {
    item.robots = index % 2 === 0 ? 'noindex' : 'noindex, follow';
    item.inSitemap = index < counts.sitemapNoindex;
    return item;
  });
  const [header] = takeItems(layout, rng, 1, 'noindex-header');
  header!.item.xRobotsTag = 'noindex';

  const nofollowSources = takeItems(layout, rng, counts.nofollowLinks, 'nofollow-source').map(
    ({ item, category }, index) => {
      // Another category's page: nothing else on the source links to it, so the link stays
      // nofollow in the crawl's record (one followed link to a target would make it followed).
      const others = layout.categories.filter((c) => c !== category && c.items.length > 0);
      const target = rng.pick(others).page;
      appendLink(item, rng.pick(['Sponsored:', 'Partner link:']), {
        target: target.path,
        anchor: `More from ${target.heading}`,
        nofollow: true,
        relExtra: index % 2 === 0 ? undefined : 'sponsored',
      });
      return item;
    },
  );

  // From a category listed on one page: every item there is 3 clicks from home through the
  // category page, so the page's nofollow related links never offer a shorter path; and with
  // RELATED_LINKS + 2 items or more, each item it links to has two followed related links too
  // (plant-content keeps single-inbound items out of this category, so the ring stays whole).
  const [nofollow] = takeItems(
    layout,
    rng,
    1,
    'nofollow-page',
    ({ category }) => category.listings.length === 1 && category.items.length >= RELATED_LINKS + 2,
  );
  nofollow!.item.robots = 'nofollow';
  return { noindex, headerNoindex: header!.item, nofollowSources, nofollowPage: nofollow!.item };
}
