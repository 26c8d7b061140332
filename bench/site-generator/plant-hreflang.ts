import { add, type Layout } from './layout.ts';
import { articleBody, makePage } from './page-factory.ts';
import type { PlannedLink, PlannedPage } from './plan.ts';
import { errorPage } from './plant-status.ts';
import type { PlantCounts } from './scale.ts';

/**
 * International editions under /world. A group is one story in several languages: a language
 * picker at `/world/<slug>` (the `x-default`) and `/<lang>/<slug>` versions. Every page of a
 * group lists every member as an hreflang alternate (itself included) and links to the others
 * from a language switcher, so a crawl reaches each one by a link. Kinds of group:
 * - complete: en, de, fr and the picker, all returning each other;
 * - missing return: the same, but the German version leaves English out of its alternates;
 * - no x-default: en and de only, no picker, listed from /world directly;
 * - to error: en, de and the picker, all naming an `es` version that answers 404.
 */

type GroupKind = 'complete' | 'missing-return' | 'no-x-default' | 'to-error';

const LANGUAGES: Record<GroupKind, string[]> = {
  complete: ['en', 'de', 'fr'],
  'missing-return': ['en', 'de', 'fr'],
  'no-x-default': ['en', 'de'],
  'to-error': ['en', 'de'],
};
const HAS_PICKER: Record<GroupKind, boolean> = {
  complete: true,
  'missing-return': true,
  'no-x-default': false,
  'to-error': true,
};
const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'x-default': 'All languages',
};

function groupKinds(counts: PlantCounts): GroupKind[] {
  return [
    ...new Array<GroupKind>(counts.hreflangComplete).fill('complete'),
    ...new Array<GroupKind>(counts.hreflangMissingReturn).fill('missing-return'),
    ...new Array<GroupKind>(counts.hreflangNoXDefault).fill('no-x-default'),
    ...new Array<GroupKind>(counts.hreflangToError).fill('to-error'),
  ];
}

/** 200 pages this module adds beside the layout's. */
export const hreflangPageCount = (counts: PlantCounts): number =>
  groupKinds(counts).reduce(
    (sum, kind) => sum + LANGUAGES[kind].length + (HAS_PICKER[kind] ? 1 : 0),
    0,
  );

export interface HreflangGroup {
  kind: GroupKind;
  /** The 200 pages of the group (picker first when there is one). */
  pages: PlannedPage[];
  /** The alternate that answers 404 (to-error groups). */
  broken?: PlannedPage;
}

export function plantHreflang(layout: Layout, counts: PlantCounts): HreflangGroup[] {
  const { plan, names } = layout;
  const rng = layout.rng.fork('hreflang');
  const crumbs: PlannedLink[] = [
    { target: '/', anchor: 'Home' },
    { target: layout.world.path, anchor: layout.world.heading },
  ];
  const entries: PlannedLink[] = [];

  const edition = (path: string, lang: string, label = LANGUAGE_NAMES[lang]!): PlannedPage => {
    const heading = names.heading();
    return add(
      plan,
      makePage({
        path,
        kind: 'edition',
        lang,
        heading,
        title: `${heading} (${label}) | ${plan.siteName}`,
        description: names.description(),
        breadcrumbs: crumbs,
        main: articleBody(names, rng, rng.int(150, 250)),
      }),
    );
  };

  const groups = groupKinds(counts).map((kind): HreflangGroup => {
    const story = names.heading(3);
    const picker = HAS_PICKER[kind]
      ? edition(names.path('/world', story), 'en', LANGUAGE_NAMES['x-default'])
      : undefined;
    const versions = LANGUAGES[kind].map((lang) => edition(names.path(`/${lang}`, story), lang));
    const broken =
      kind === 'to-error'
        ? add(plan, errorPage(names.path('/es', story), 404, plan.siteName))
        : undefined;
    const members = [
      ...versions.map((page) => ({ lang: page.lang, path: page.path })),
      ...(broken ? [{ lang: 'es', path: broken.path }] : []),
      ...(picker ? [{ lang: 'x-default', path: picker.path }] : []),
    ];
    const pages = picker ? [picker, ...versions] : versions;
    for (const page of pages) {
      const dropsEnglish = kind === 'missing-return' && page.lang === 'de' && page !== picker;
      page.hreflang = members.filter((m) => !(dropsEnglish && m.lang === 'en'));
      page.languages = members
        .filter((member) => member.path !== page.path)
        .map((member) => ({
          target: member.path,
          anchor: LANGUAGE_NAMES[member.lang]!,
          hreflang: member.lang === 'x-default' ? undefined : member.lang,
        }));
    }
    if (picker) entries.push({ target: picker.path, anchor: picker.heading });
    else entries.push(...versions.map((page) => ({ target: page.path, anchor: page.heading })));
    return { kind, pages, broken };
  });
  layout.world.main.push({ type: 'link-list', links: entries });
  return groups;
}
