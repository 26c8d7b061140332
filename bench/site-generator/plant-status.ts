import { add, type Layout } from './layout.ts';
import { makePage } from './page-factory.ts';
import { appendLink, takeItems } from './pick.ts';
import type { PlannedLink, PlannedPage } from './plan.ts';
import type { PlantCounts } from './scale.ts';

/**
 * Addresses that do not answer 200, and the links to them:
 * - deleted items (404) and failing items (500), each linked from 2-3 items, one of those
 *   links an image whose alt text is the anchor;
 * - single 301s from an old address to a section page, each linked from 1-3 items (the first
 *   one is also listed in the sitemap);
 * - redirect chains of 2 or 3 hops ending on a section page, each linked from 1-2 items;
 * - one redirect loop of two addresses, listed in the sitemap and linked from nowhere;
 * - one deleted product listed in the sitemap and linked from nowhere (404).
 * Redirects end on section pages on purpose: those are linked from every page's header, so a
 * crawler that files the final page's links under the redirecting address changes no click
 * depth and no inbound count.
 */

export interface StatusTargets {
  notFound: PlannedPage[];
  serverError: PlannedPage[];
  redirects: PlannedPage[];
  chains: PlannedPage[];
  loop: PlannedPage;
}

export function errorPage(path: string, status: 404 | 500, siteName: string): PlannedPage {
  const notFound = status === 404;
  return makePage({
    path,
    kind: notFound ? 'not-found' : 'server-error',
    status,
    chrome: false,
    canonical: undefined,
    inSitemap: false,
    // Named after the address so error pages never read as duplicate titles of each other.
    heading: notFound ? 'Page not found' : 'Something went wrong',
    title: `${notFound ? 'Not found' : 'Error'}: ${path} | ${siteName}`,
    description: '',
    main: [
      {
        type: 'paragraph',
        text: notFound
          ? 'The page you asked for does not exist any more.'
          : 'The server could not build this page. Please try again later.',
      },
    ],
  });
}

function redirectPage(path: string, location: string): PlannedPage {
  return makePage({
    path,
    kind: 'redirect',
    status: 301,
    location,
    chrome: false,
    canonical: undefined,
    inSitemap: false,
    heading: '',
    title: '',
    description: '',
  });
}

export function plantStatusProblems(layout: Layout, counts: PlantCounts): StatusTargets {
  const { plan, names } = layout;
  const rng = layout.rng.fork('status');
  const anyCategory = () => rng.pick(layout.categories);
  const anySection = () => rng.pick(layout.sections).page;

  const linkFrom = (target: PlannedPage, heading: string, sources: number, role: string) => {
    const picked = takeItems(layout, rng, sources, role);
    picked.forEach(({ item }, index) => {
      const link: PlannedLink =
        index === 1
          ? { target: target.path, anchor: heading, image: true }
          : { target: target.path, anchor: index === 0 ? heading : `More on ${heading}` };
      appendLink(item, rng.pick(['Read also:', 'See', 'We covered this before:']), link);
    });
  };

  const gone = (status: 404 | 500, role: string) => {
    const heading = names.heading();
    const page = add(
      plan,
      errorPage(names.path(anyCategory().page.path, heading), status, plan.siteName),
    );
    linkFrom(page, heading, rng.int(2, 3), role);
    return page;
  };
  const notFound = Array.from({ length: counts.notFoundTargets }, () => gone(404, 'links-to-404'));
  const serverError = Array.from({ length: counts.serverErrorTargets }, () =>
    gone(500, 'links-to-500'),
  );

  const redirects = Array.from({ length: counts.redirects }, (_, index) => {
    const heading = names.heading();
    const page = add(plan, redirectPage(names.path('/blog', heading), anySection().path));
    page.inSitemap = index === 0;
    linkFrom(page, heading, rng.int(1, 3), 'links-to-redirect');
    return page;
  });

  const chains = Array.from({ length: counts.redirectChains }, () => {
    const heading = names.heading();
    const hops = rng.int(2, 3);
    const paths = [names.path('/2019', heading), names.path('/archive', heading)];
    if (hops === 3) paths.push(names.path('/archive/moved', heading));
    paths.push(anySection().path);
    for (let i = 0; i < hops; i++) add(plan, redirectPage(paths[i]!, paths[i + 1]!));
    const start = plan.pages.get(paths[0]!)!;
    linkFrom(start, heading, rng.int(1, 2), 'links-to-redirect-chain');
    return start;
  });

  const loopA = names.claimPath('/promo/spring');
  const loopB = names.claimPath('/promo/current');
  const loop = add(plan, redirectPage(loopA, loopB));
  loop.inSitemap = true;
  add(plan, redirectPage(loopB, loopA));

  const discontinued = add(
    plan,
    errorPage(names.path('/shop/discontinued', names.heading()), 404, plan.siteName),
  );
  discontinued.inSitemap = true;

  return { notFound, serverError, redirects, chains, loop };
}
