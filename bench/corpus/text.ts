/**
 * Deterministic filler text that looks like prose to a word counter: a vocabulary of common
 * English words (plus a few accented ones, since pages are UTF-8), sentences of varied length,
 * capitalised titles. Nothing here is downloaded; it is all produced from the seeded PRNG.
 */
import type { Rng } from './prng.ts';

export const WORDS: readonly string[] = (
  'the of and to in is that for it as was with be by on not he this are or his from at which ' +
  'but have an they you were her she there been one all we their has would when if so no will ' +
  'more about up out them some could what into than other time only new these two may first ' +
  'then do any like my now over such our man me even most made after also did many before must ' +
  'through back years where much your way well down should because each just those people how ' +
  'too little state good very make world still own see men work long get here between both life ' +
  'being under never day same another know while last might us great old year off come since ' +
  'against go came right used take three search engine crawler index page content site link ' +
  'title description heading image garden kitchen travel recipe market report guide review ' +
  'design product price shipping customer account order service support feature release update ' +
  'performance network server browser render script style layout mobile desktop analytics ' +
  'structured data schema canonical sitemap robots metadata keyword ranking traffic visitor ' +
  'article author editor photo gallery archive category tag comment forum thread question answer ' +
  'coffee bicycle mountain river city weather history science music film book library museum ' +
  'café naïve façade Größe jalapeño résumé São Zürich'
).split(' ');

const TITLE_WORDS = WORDS.filter((w) => w.length > 3);

export function words(rng: Rng, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(rng.pick(WORDS));
  return out.join(' ');
}

export function sentence(rng: Rng): string {
  const text = words(rng, rng.int(6, 22));
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${rng.pick(['.', '.', '.', '?', '!'])}`;
}

export function paragraph(rng: Rng, sentences = rng.int(2, 7)): string {
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) out.push(sentence(rng));
  return out.join(' ');
}

export function title(rng: Rng, count = rng.int(3, 8)): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const w = rng.pick(TITLE_WORDS);
    out.push(w.charAt(0).toUpperCase() + w.slice(1));
  }
  return out.join(' ');
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Text safe inside HTML element content and double-quoted attributes. */
export function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
