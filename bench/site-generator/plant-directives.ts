import type { Layout } from './layout.ts';
import { appendLink, takeItems } from './pick.ts';
import type { PlannedPage } from './plan.ts';
import type { PlantCounts } from './scale.ts';

/**
 * Robots directives:
 * - listed items with `<meta name="robots" content="noindex">` (the first `sitemapNoindex`
 *   stay in the sitemap), and one with an `X-Robots-Tag: noindex` header instead (also in the
 *   sitemap); their listing page and related links point at them;
 * - `rel="nofollow"` links from items to a section or static page (pages the header and footer
 *   link to from everywhere, so a crawler that does not follow nofollow reaches them anyway and
 *   no click depth or inbound count depends on whether nofollow links count);
 * - one item whose robots meta says `nofollow`, so every link on it is nofollow.
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

  const hubs = [
    ...layout.sections.map((section) => section.page),
    ...layout.plan.footer.flatMap((link) => layout.plan.pages.get(link.target) ?? []),
  ];
  const nofollowSources = takeItems(layout, rng, counts.nofollowLinks, 'nofollow-source').map(
    ({ item }, index) => {
      const hub = rng.pick(hubs);
      appendLink(item, rng.pick(['Sponsored:', 'Partner link:']), {
        target: hub.path,
        anchor: `More from ${hub.heading}`,
        nofollow: true,
        relExtra: index % 2 === 0 ? undefined : 'sponsored',
      });
      return item;
    },
  );

  const [nofollow] = takeItems(layout, rng, 1, 'nofollow-page');
  nofollow!.item.robots = 'nofollow';
  return { noindex, headerNoindex: header!.item, nofollowSources, nofollowPage: nofollow!.item };
}
