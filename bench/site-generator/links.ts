import type { Category, Layout } from './layout.ts';
import type { PlannedLink, PlannedPage } from './plan.ts';

/**
 * The links every site has, written once the problems are planted (they depend on which items
 * became what): section pages list their categories; each listing page lists its share of the
 * category's items and links to the previous and next listing page; and each item's "Related"
 * box links to the next RELATED_LINKS items of its category in listing order (wrapping round).
 * Items picked as single-inbound are left out of that ring as targets, so only their listing
 * page links to them; every other item gets RELATED_LINKS inbound links from the ring. A ring
 * link goes to the same or the next listing page's items (or back to the first), so it never
 * shortens a click depth set by the pagination.
 */

export const RELATED_LINKS = 3;

const linkTo = (page: PlannedPage): PlannedLink => ({ target: page.path, anchor: page.heading });

function listCategory(category: Category, pageSize: number): void {
  const { listings, items } = category;
  listings.forEach((listing, k) => {
    listing.main.push({
      type: 'link-list',
      links: items
        .slice(k * pageSize, (k + 1) * pageSize)
        .map((item) => ({ ...linkTo(item), teaser: item.description })),
    });
    const pagination: PlannedLink[] = [];
    if (k > 0) pagination.push({ target: listings[k - 1]!.path, anchor: 'Previous page' });
    if (k < listings.length - 1)
      pagination.push({ target: listings[k + 1]!.path, anchor: 'Next page' });
    if (pagination.length > 0) listing.main.push({ type: 'pagination', links: pagination });
  });
}

function relatedRing(category: Category): void {
  const ring = category.items.filter((item) => item.role !== 'single-inbound');
  const size = Math.min(RELATED_LINKS, ring.length - 1);
  ring.forEach((item, index) => {
    for (let step = 1; step <= size; step++) {
      item.related.push(linkTo(ring[(index + step) % ring.length]!));
    }
  });
  // Pages outside the ring link into it, never to each other.
  const outside = category.items.filter((item) => item.role === 'single-inbound');
  for (const item of outside) item.related.push(...ring.slice(0, RELATED_LINKS).map(linkTo));
}

export function writeSiteLinks(
  layout: Layout,
  orphans: ReadonlyArray<{ page: PlannedPage; category: Category }>,
): void {
  for (const section of layout.sections) {
    section.page.main.push({
      type: 'link-list',
      links: section.categories.map((category) => ({
        ...linkTo(category.page),
        teaser: category.page.description,
      })),
    });
  }
  for (const category of layout.categories) {
    listCategory(category, layout.pageSize);
    relatedRing(category);
  }
  for (const { page, category } of orphans) {
    const ring = category.items.filter((item) => item.role !== 'single-inbound');
    page.related.push(...ring.slice(-RELATED_LINKS).map(linkTo));
  }
}
