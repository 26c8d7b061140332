import { francAll } from 'franc-min';
import { data } from 'franc-min/data.js';
import { describe, expect, it } from 'vitest';
import { rankLanguages } from './language-detect.ts';

/** A small seeded generator (xorshift32), so every run compares the same texts. */
function seeded(seed: number) {
  let state = seed >>> 0 || 1;
  return (below: number) => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state % below;
  };
}

/** Text made of a profile's own trigrams, picked with a bias to its frequent ones. */
function textFrom(profile: string, length: number, next: (below: number) => number): string {
  const trigrams = profile.split('|');
  let text = '';
  while (text.length < length) {
    const rank = Math.min(next(trigrams.length), next(trigrams.length));
    text += `${trigrams[rank]}${next(4) === 0 ? '. ' : ''}`;
  }
  return text;
}

const PROSE = [
  'The quick brown fox jumps over the lazy dog while the farmer watches from the old wooden fence near the barn.',
  'Der schnelle braune Fuchs springt über den faulen Hund, während der Bauer vom alten Holzzaun aus zusieht.',
  'Le renard brun rapide saute par-dessus le chien paresseux pendant que le fermier regarde depuis la vieille clôture.',
  'El rápido zorro marrón salta sobre el perro perezoso mientras el granjero mira desde la vieja cerca de madera.',
  'Быстрая коричневая лиса прыгает через ленивую собаку, пока фермер смотрит со старого деревянного забора.',
  'الثعلب البني السريع يقفز فوق الكلب الكسول بينما يراقب المزارع من السياج الخشبي القديم بالقرب من الحظيرة.',
  'तेज़ भूरी लोमड़ी आलसी कुत्ते के ऊपर कूदती है जबकि किसान खलिहान के पास पुरानी लकड़ी की बाड़ से देखता है।',
  '速い茶色の狐が怠け者の犬を飛び越える。農夫は納屋の近くの古い木の柵から見ている。',
  'Η γρήγορη καφέ αλεπού πηδάει πάνω από τον τεμπέλη σκύλο ενώ ο αγρότης κοιτάζει από τον παλιό φράχτη.',
  'สุนัขจิ้งจอกสีน้ำตาลกระโดดข้ามสุนัขขี้เกียจ ขณะที่ชาวนามองจากรั้วไม้เก่าใกล้โรงนา',
  'Mixed текст with some латиница and кириллица, 2024 — numbers 12345 and punctuation!!! ???',
  '1234567890 1234567890 1234567890 1234567890 !!! ??? ... --- +++',
  '',
  '          ',
  'short',
];

describe('rankLanguages', () => {
  it("ranks every profile's own text as franc-min's francAll does", () => {
    const next = seeded(23);
    const texts: string[] = [];
    for (const languages of Object.values(data)) {
      for (const profile of Object.values(languages)) {
        for (const length of [60, 450, 900, 2600]) texts.push(textFrom(profile, length, next));
      }
    }
    expect(texts.length).toBeGreaterThan(250);
    for (const text of texts) {
      for (const minLength of [10, 200]) {
        expect(rankLanguages(text, minLength)).toEqual(francAll(text, { minLength }));
      }
    }
  });

  it('answers prose, other scripts, mixed and empty text as francAll does', () => {
    const texts = [...PROSE, PROSE.join(' '), PROSE.slice(0, 4).join(' ').repeat(8)];
    for (const text of texts) {
      for (const minLength of [0, 10, 200]) {
        expect(rankLanguages(text, minLength)).toEqual(francAll(text, { minLength }));
      }
    }
    expect(rankLanguages(PROSE[0] as string, 10)[0]).toEqual(['eng', 1]);
    expect(rankLanguages(PROSE[7] as string, 10)).toEqual([['jpn', 1]]);
    expect(rankLanguages('', 10)).toEqual([['und', 1]]);
  });
});
