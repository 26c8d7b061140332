import type { Rng } from '../corpus/prng.ts';
import { type Category, type Layout, MAX_LISTING_PAGES } from './layout.ts';
import type { PlannedLink, PlannedPage } from './plan.ts';

/**
 * Picks ordinary listed items to carry a planted problem. Each item carries at most one (its
 * `role`), so one problem never hides or doubles another by accident.
 */

export interface Candidate {
  item: PlannedPage;
  category: Category;
  /** Position in the category's listing. */
  index: number;
}

export function takeItems(
  layout: Layout,
  rng: Rng,
  count: number,
  role: string,
  accept: (candidate: Candidate) => boolean = () => true,
): Candidate[] {
  const candidates: Candidate[] = [];
  for (const category of layout.categories) {
    category.items.forEach((item, index) => {
      const candidate = { item, category, index };
      // Items on the deepest listing page stay ordinary, so what a role links to is at most
      // MAX_LISTING_PAGES + 2 clicks from home, like the deepest item.
      const deepest = index >= (MAX_LISTING_PAGES - 1) * layout.pageSize;
      if (item.role === undefined && !deepest && accept(candidate)) candidates.push(candidate);
    });
  }
  if (candidates.length < count) {
    throw new Error(`site generator: ${count} items wanted for ${role}, ${candidates.length} free`);
  }
  for (let i = 0; i < count; i++) {
    const j = rng.int(i, candidates.length - 1);
    [candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!];
    candidates[i]!.item.role = role;
  }
  return candidates.slice(0, count);
}

/** Adds a sentence with one link to the end of a page's main text. */
export function appendLink(page: PlannedPage, before: string, link: PlannedLink): void {
  page.main.push({ type: 'linked-paragraph', before, link, after: '' });
}
