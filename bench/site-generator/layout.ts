import type { Rng } from '../corpus/prng.ts';
import { Names } from './names.ts';
import { articleBody, introBody, makePage, productBody } from './page-factory.ts';
import type { PlannedLink, PlannedPage, SitePlan } from './plan.ts';

/**
 * The site's skeleton: home, static pages, sections, their categories with paginated listings,
 * and the article or product pages the listings lead to. Depth comes from the pagination: a
 * category page is 2 clicks from home, its listing page k is k + 1, and the items listed there
 * k + 2. A category holds at most MAX_LISTING_PAGES listing pages, so no item is deeper than 8
 * clicks; the first category (the news archive) is filled to exactly that many, so the deepest
 * items are 8 clicks down at every size.
 */

export const MAX_LISTING_PAGES = 6;
/** Items per listing page: small on small sites so their categories still paginate deeply. */
export const listingPageSize = (pages: number): number => (pages >= 2_000 ? 24 : 8);
/** One category in this many paginates; the others list all their items on one page. */
const DEEP_EVERY = 16;
/** How full categories get on average: room to spare keeps the fill from running out. */
const FILL = 0.75;

const SECTIONS = [
  { slug: 'news', name: 'News', template: 'article' },
  { slug: 'shop', name: 'Shop', template: 'product' },
  { slug: 'guides', name: 'Guides', template: 'article' },
  { slug: 'reviews', name: 'Reviews', template: 'article' },
  { slug: 'recipes', name: 'Recipes', template: 'article' },
  { slug: 'travel', name: 'Travel', template: 'article' },
  { slug: 'garden', name: 'Garden', template: 'article' },
  { slug: 'tech', name: 'Tech', template: 'article' },
] as const;

const STATIC_PAGES = [
  { path: '/about', name: 'About us' },
  { path: '/contact', name: 'Contact' },
  { path: '/help', name: 'Help centre' },
  { path: '/privacy', name: 'Privacy policy' },
  { path: '/terms', name: 'Terms of use' },
];

/** robots.txt keeps every crawler out of the account area; its pages are linked from all pages. */
export const ACCOUNT_PREFIX = '/account/';
export const ACCOUNT_PAGES = {
  login: '/account/login',
  wishlist: '/account/wishlist',
  preferences: '/account/preferences',
};

export interface Section {
  path: string;
  name: string;
  template: 'article' | 'product';
  page: PlannedPage;
  categories: Category[];
}

export interface Category {
  section: Section;
  name: string;
  page: PlannedPage;
  /** Listed items, in listing order (item i is on listing page floor(i / pageSize) + 1). */
  items: PlannedPage[];
  /** Listing pages; the first is the category page itself. */
  listings: PlannedPage[];
}

export interface Layout {
  plan: SitePlan;
  names: Names;
  rng: Rng;
  pageSize: number;
  home: PlannedPage;
  world: PlannedPage;
  sections: Section[];
  categories: Category[];
}

export function add(plan: SitePlan, page: PlannedPage): PlannedPage {
  plan.pages.set(page.path, page);
  return page;
}

const crumbHome: PlannedLink = { target: '/', anchor: 'Home' };

const link = (page: PlannedPage, anchor = page.heading): PlannedLink => ({
  target: page.path,
  anchor,
});

/**
 * Lays out `pages` 200 pages minus `reserved`, which the planted problems add afterwards.
 * Listing blocks and related links are written later (links.ts), once problems are planted.
 */
export function layOut(rng: Rng, origin: string, pages: number, reserved: number): Layout {
  const names = new Names(rng.fork('names'));
  const siteName = `${names.heading(2)} Journal`;
  const plan: SitePlan = {
    origin,
    siteName,
    pages: new Map(),
    header: [],
    footer: [],
    disallowed: [ACCOUNT_PREFIX],
  };
  const home = add(
    plan,
    makePage({
      path: names.claimPath('/'),
      kind: 'home',
      heading: siteName,
      title: `${siteName}: news, guides and a shop`,
      description: names.description(),
      main: introBody(names, 100),
    }),
  );
  names.claimTitle(home.title);

  const sectionCount = Math.min(SECTIONS.length, Math.max(3, Math.round(pages / 1_250)));
  const sections: Section[] = SECTIONS.slice(0, sectionCount).map((spec) => {
    names.claimTitle(spec.name);
    const page = add(
      plan,
      makePage({
        path: names.claimPath(`/${spec.slug}`),
        kind: 'section',
        heading: spec.name,
        title: `${spec.name} | ${siteName}`,
        description: names.description(),
        breadcrumbs: [crumbHome],
        main: introBody(names, 80),
      }),
    );
    return { path: page.path, name: spec.name, template: spec.template, page, categories: [] };
  });
  const world = add(
    plan,
    makePage({
      path: names.claimPath('/world'),
      kind: 'section',
      heading: 'International editions',
      title: `International editions | ${siteName}`,
      description: names.description(),
      breadcrumbs: [crumbHome],
      main: introBody(names, 80),
    }),
  );
  for (const spec of STATIC_PAGES) {
    names.claimTitle(spec.name);
    add(
      plan,
      makePage({
        path: names.claimPath(spec.path),
        kind: 'static',
        heading: spec.name,
        title: `${spec.name} | ${siteName}`,
        description: names.description(),
        breadcrumbs: [crumbHome],
        main: introBody(names, rng.int(120, 200)),
      }),
    );
  }
  for (const [key, path] of Object.entries(ACCOUNT_PAGES)) {
    add(
      plan,
      makePage({
        path: names.claimPath(path),
        kind: 'account',
        heading: `Your account: ${key}`,
        title: `Account ${key} | ${siteName}`,
        description: names.description(),
        breadcrumbs: [crumbHome],
        main: introBody(names, 40),
        // The preferences page is the sitemap entry robots.txt disallows.
        inSitemap: path === ACCOUNT_PAGES.preferences,
      }),
    );
  }
  plan.header = [
    { target: '/', anchor: siteName },
    ...sections.map((section) => link(section.page)),
    link(world, 'World'),
    { target: ACCOUNT_PAGES.login, anchor: 'Sign in' },
  ];
  plan.footer = [
    ...STATIC_PAGES.map((spec) => ({ target: spec.path, anchor: spec.name })),
    { target: 'https://social.example/crawlwise-bench', anchor: 'Follow us' },
    { target: 'https://partner.example/offers', anchor: 'Partner offers' },
  ];

  const pageSize = listingPageSize(pages);
  const sizes = categorySizes(rng.fork('sizes'), pages - reserved - plan.pages.size, pageSize);
  const categories: Category[] = sizes.map((size, index) => {
    const section = sections[index % sections.length]!;
    const name = index === 0 ? `${section.name} archive` : names.heading(2);
    if (index === 0) names.claimTitle(name);
    const page = add(
      plan,
      makePage({
        path: names.path(section.path, name),
        kind: 'category',
        heading: name,
        title: `${name} – ${section.name} | ${siteName}`,
        description: names.description(),
        breadcrumbs: [crumbHome, link(section.page)],
        main: introBody(names, 60),
      }),
    );
    const category: Category = { section, name, page, items: [], listings: [page] };
    section.categories.push(category);
    for (let k = 2; k <= Math.ceil(size / pageSize); k++) {
      category.listings.push(
        add(
          plan,
          makePage({
            path: names.claimPath(`${page.path}/page/${k}`),
            kind: 'listing',
            heading: `${name}: page ${k}`,
            title: `${name} – page ${k} | ${siteName}`,
            description: names.description(`Page ${k} of ${name}. `),
            breadcrumbs: [crumbHome, link(section.page), link(page)],
          }),
        ),
      );
    }
    for (let i = 0; i < size; i++) {
      category.items.push(add(plan, newItem({ plan, names, rng }, category)));
    }
    return category;
  });

  return { plan, names, rng, pageSize, home, world, sections, categories };
}

/** An article or product page for a category (not yet listed anywhere). */
export function newItem(
  { plan, names, rng }: Pick<Layout, 'plan' | 'names' | 'rng'>,
  category: Category,
): PlannedPage {
  const product = category.section.template === 'product';
  const heading = names.heading();
  const main = product ? productBody(names, rng) : articleBody(names, rng);
  if (product) {
    main.push({
      type: 'linked-paragraph',
      before: 'Not ready to order?',
      link: { target: ACCOUNT_PAGES.wishlist, anchor: 'Save it to your wishlist' },
      after: 'and we will tell you when the price drops.',
    });
  }
  return makePage({
    path: names.path(category.page.path, heading),
    kind: product ? 'product' : 'article',
    heading,
    title: `${heading} – ${category.section.name} | ${plan.siteName}`,
    description: names.description(),
    breadcrumbs: [crumbHome, link(category.section.page), link(category.page)],
    main,
  });
}

/**
 * How many items each category lists so that categories, their extra listing pages and the
 * items add up to exactly `budget` pages. One category in DEEP_EVERY paginates (up to
 * MAX_LISTING_PAGES listing pages); the others fit on their category page, so most items are
 * 3 clicks from home and the deep ones are the paginated tails, as on real sites. The archive
 * (category 0) is filled to the last listing page.
 */
function categorySizes(rng: Rng, budget: number, pageSize: number): number[] {
  const deepCapacity = MAX_LISTING_PAGES * pageSize;
  const capacityOf = (index: number) => (index % DEEP_EVERY === 0 ? deepCapacity : pageSize);
  const archivePages = deepCapacity + MAX_LISTING_PAGES; // its items and its listing pages
  const meanCapacity = (deepCapacity + (DEEP_EVERY - 1) * pageSize) / DEEP_EVERY;
  const others = Math.max(
    DEEP_EVERY,
    Math.ceil((budget - archivePages) / (FILL * meanCapacity + 1)),
  );
  const sizes = [deepCapacity, ...new Array<number>(others).fill(0)];
  // Categories fill in proportion to their room, so deep ones do get deep.
  const weights = sizes.map((_, index) =>
    index === 0 ? 0 : capacityOf(index) * (0.5 + rng.next()),
  );
  let used = archivePages + others;
  if (used > budget) throw new Error(`site generator: ${budget} pages leave no room for items`);
  const cost = (index: number) => (sizes[index]! > 0 && sizes[index]! % pageSize === 0 ? 2 : 1);
  const fits = (index: number, room: number) =>
    sizes[index]! < capacityOf(index) && cost(index) <= room;
  let running = 0;
  const cumulative = weights.map((weight) => {
    running += weight;
    return running;
  });
  const total = cumulative[cumulative.length - 1]!;
  while (used < budget) {
    const room = budget - used;
    // A weighted draw, drawn again while it lands on a category with no room: cheap while
    // most have room, which FILL ensures; a scan settles the rare long run of misses.
    let chosen = -1;
    for (let attempt = 0; attempt < 64 && chosen < 0; attempt++) {
      const index = lowerBound(cumulative, rng.next() * total);
      if (fits(index, room)) chosen = index;
    }
    if (chosen < 0) chosen = sizes.findIndex((_, index) => index > 0 && fits(index, room));
    if (chosen < 0) throw new Error('site generator: categories are full');
    used += cost(chosen);
    sizes[chosen]! += 1;
  }
  return sizes;
}

/** The first index whose cumulative weight exceeds `value`. */
function lowerBound(cumulative: readonly number[], value: number): number {
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle]! > value) high = middle;
    else low = middle + 1;
  }
  return low;
}
