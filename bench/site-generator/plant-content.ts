import { WORDS } from '../corpus/text.ts';
import { add, type Category, type Layout, newItem } from './layout.ts';
import { takeItems } from './pick.ts';
import type { Block, PlannedPage } from './plan.ts';
import type { PlantCounts } from './scale.ts';

/**
 * Content and sitemap problems, and the items the home page features:
 * - near-duplicate copies: an item republished in another category with the same main content
 *   (heading, byline, text) and its own title, description, breadcrumbs and related links;
 * - near-duplicate revisions: 2-3 long guides (3,000 words) with the same text except the last
 *   word, one 5-word shingle in 3,000, so any 64-bit SimHash keeps them within 3 bits;
 * - duplicate titles and duplicate descriptions: groups of 2-3 items sharing one;
 * - items left out of the sitemap, orphans (item pages only the sitemap lists), and items only
 *   their listing page links to (kept out of the related-links ring by links.ts).
 */

/** Words in a revision: long enough that a one-word edit moves a SimHash by 3 bits at most. */
export const REVISION_WORDS = 3_000;

/** 200 pages this module adds beside the layout's. */
export const contentPageCount = (counts: PlantCounts): number => counts.orphans;

export interface ContentPlants {
  featured: PlannedPage[];
  nearDuplicates: PlannedPage[][];
  duplicateTitles: PlannedPage[][];
  duplicateDescriptions: PlannedPage[][];
  notInSitemap: PlannedPage[];
  singleInbound: PlannedPage[];
  orphans: Array<{ page: PlannedPage; category: Category }>;
}

/** The last word of a text swapped for another, its punctuation kept. */
function withLastWord(text: string, word: string): string {
  return text.replace(/[^\s.?!]+([.?!]*)$/, `${word}$1`);
}

export function plantContent(layout: Layout, counts: PlantCounts): ContentPlants {
  const { plan, names } = layout;
  const rng = layout.rng.fork('content');
  const archive = layout.categories[0];

  const featured = takeItems(
    layout,
    rng,
    counts.featured,
    'featured',
    ({ category, index }) => category !== archive && index < layout.pageSize,
  ).map(({ item }) => item);
  layout.home.main.push({
    type: 'link-list',
    links: featured.map((item) => ({
      target: item.path,
      anchor: item.heading,
      teaser: item.description,
    })),
  });

  const copies = Array.from({ length: counts.nearDuplicateCopies }, () => {
    const [original] = takeItems(layout, rng, 1, 'near-duplicate');
    const copies = takeItems(
      layout,
      rng,
      rng.int(1, 2),
      'near-duplicate',
      ({ category }) => category !== original!.category,
    );
    for (const { item, category } of copies) {
      item.kind = original!.item.kind;
      item.heading = original!.item.heading;
      item.main = [...original!.item.main];
      item.title = `${item.heading} – ${category.name} | ${plan.siteName}`;
      if (!names.claimTitle(item.title)) throw new Error(`site generator: ${item.title} taken`);
    }
    return [original!.item, ...copies.map(({ item }) => item)];
  });

  const revisions = Array.from({ length: counts.nearDuplicateRevisions }, () => {
    const members = takeItems(
      layout,
      rng,
      rng.int(2, 3),
      'near-duplicate',
      ({ category }) => category.section.template === 'article',
    ).map(({ item }) => item);
    const [first] = members as [PlannedPage];
    const text = names.prose(REVISION_WORDS);
    const last = text.pop()!;
    const endings = new Set<string>([
      last
        .split(' ')
        .pop()!
        .replace(/[.?!]+$/, ''),
    ]);
    members.forEach((item, index) => {
      let ending = last;
      if (index > 0) {
        let word = rng.pick(WORDS);
        while (endings.has(word)) word = rng.pick(WORDS);
        endings.add(word);
        ending = withLastWord(last, word);
      }
      item.heading = first.heading;
      item.main = [
        first.main[0]!,
        ...[...text, ending].map((paragraph): Block => ({ type: 'paragraph', text: paragraph })),
      ];
      item.title = `${first.heading} (edition ${2020 + index}) | ${plan.siteName}`;
    });
    return members;
  });

  const groupsOf = (groups: number, role: string, share: (pages: PlannedPage[]) => void) =>
    Array.from({ length: groups }, () => {
      const pages = takeItems(layout, rng, rng.int(2, 3), role).map(({ item }) => item);
      share(pages);
      return pages;
    });
  const duplicateTitles = groupsOf(counts.duplicateTitleGroups, 'duplicate-title', (pages) => {
    for (const page of pages) page.title = pages[0]!.title;
  });
  const duplicateDescriptions = groupsOf(
    counts.duplicateDescriptionGroups,
    'duplicate-description',
    (pages) => {
      for (const page of pages) page.description = pages[0]!.description;
    },
  );

  const notInSitemap = takeItems(layout, rng, counts.missingFromSitemap, 'not-in-sitemap').map(
    ({ item }) => {
      item.inSitemap = false;
      return item;
    },
  );
  const singleInbound = takeItems(
    layout,
    rng,
    counts.singleInbound,
    'single-inbound',
    ({ category }) => !category.items.some((item) => item.role === 'nofollow-page'),
  ).map(({ item }) => item);
  const orphans = Array.from({ length: counts.orphans }, () => {
    const category = rng.pick(layout.categories);
    const page = add(plan, newItem({ plan, names, rng }, category));
    page.role = 'orphan';
    return { page, category };
  });

  return {
    featured,
    nearDuplicates: [...copies, ...revisions],
    duplicateTitles,
    duplicateDescriptions,
    notInSitemap,
    singleInbound,
    orphans,
  };
}
