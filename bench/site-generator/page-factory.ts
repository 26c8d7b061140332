import type { Rng } from '../corpus/prng.ts';
import type { Names } from './names.ts';
import type { Block, PlannedPage } from './plan.ts';

/**
 * Page skeletons and the text of the ordinary templates. A new page is a 200 HTML page with
 * the site's header and footer, canonical to itself and listed in the sitemap; whatever a
 * planted problem changes is changed afterwards, on purpose.
 */

type Required = Pick<PlannedPage, 'path' | 'kind' | 'title' | 'heading' | 'description'>;

export function makePage(fields: Required & Partial<PlannedPage>): PlannedPage {
  return {
    status: 200,
    lang: 'en',
    chrome: true,
    breadcrumbs: [],
    languages: [],
    main: [],
    related: [],
    inSitemap: true,
    canonical: fields.path,
    ...fields,
  };
}

const AUTHORS = [
  'Ada Whitfield',
  'Bruno Keller',
  'Chiara Romano',
  'Dmitri Volkov',
  'Elena Sandoval',
  'Farah Haddad',
  'Gustav Lindqvist',
  'Hana Sato',
];

function dateOf(rng: Rng): string {
  const month = String(rng.int(1, 12)).padStart(2, '0');
  const day = String(rng.int(1, 28)).padStart(2, '0');
  return `${rng.int(2019, 2026)}-${month}-${day}`;
}

/** A byline, a few hundred words of prose, and a subheading part-way through. */
export function articleBody(names: Names, rng: Rng, words = rng.int(220, 420)): Block[] {
  const paragraphs = names.prose(words);
  const blocks: Block[] = [{ type: 'byline', text: `By ${rng.pick(AUTHORS)} · ${dateOf(rng)}` }];
  const middle = Math.ceil(paragraphs.length / 2);
  paragraphs.forEach((text, index) => {
    if (index === middle) blocks.push({ type: 'heading', text: names.heading(3) });
    blocks.push({ type: 'paragraph', text });
  });
  return blocks;
}

/** Price and stock facts, then a product description of a couple of hundred words. */
export function productBody(names: Names, rng: Rng): Block[] {
  const price = `€${rng.int(5, 400)}.${String(rng.int(0, 99)).padStart(2, '0')}`;
  return [
    {
      type: 'facts',
      rows: [
        ['Price', price],
        ['Article number', `${rng.int(100_000, 999_999)}`],
        ['Availability', rng.pick(['In stock', 'Ships in 2 days', 'Few left'])],
      ],
    },
    ...names.prose(rng.int(180, 320)).map((text): Block => ({ type: 'paragraph', text })),
  ];
}

/** A short introduction for hubs (home, sections, categories, static pages). */
export function introBody(names: Names, words: number): Block[] {
  return names.prose(words).map((text): Block => ({ type: 'paragraph', text }));
}
