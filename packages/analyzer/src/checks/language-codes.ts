/**
 * The languages content-language can recognise: franc-min's ISO 639-3 codes (languages with
 * 8 million speakers or more, found by trigrams or by script) mapped to the ISO 639-1 code a
 * `lang` attribute uses. Languages without a two-letter code (Cebuano, Ilocano...) are absent:
 * a page declaring them cannot be compared, and a detection of one is not trusted.
 */
export const FRANC_TO_LANG: Readonly<Record<string, string>> = {
  amh: 'am',
  arb: 'ar',
  azj: 'az',
  bel: 'be',
  ben: 'bn',
  bos: 'bs',
  bul: 'bg',
  ces: 'cs',
  ckb: 'ku',
  cmn: 'zh',
  deu: 'de',
  ell: 'el',
  eng: 'en',
  fra: 'fr',
  fuv: 'ff',
  guj: 'gu',
  hau: 'ha',
  hin: 'hi',
  hrv: 'hr',
  hun: 'hu',
  ibo: 'ig',
  ind: 'id',
  ita: 'it',
  jav: 'jv',
  jpn: 'ja',
  kan: 'kn',
  kaz: 'kk',
  kin: 'rw',
  kor: 'ko',
  lin: 'ln',
  mal: 'ml',
  mar: 'mr',
  mya: 'my',
  nld: 'nl',
  npi: 'ne',
  nya: 'ny',
  pan: 'pa',
  pbu: 'ps',
  pes: 'fa',
  plt: 'mg',
  pol: 'pl',
  por: 'pt',
  qug: 'qu',
  ron: 'ro',
  run: 'rn',
  rus: 'ru',
  sin: 'si',
  som: 'so',
  spa: 'es',
  srp: 'sr',
  sun: 'su',
  swe: 'sv',
  swh: 'sw',
  tam: 'ta',
  tel: 'te',
  tgl: 'tl',
  tha: 'th',
  tur: 'tr',
  ukr: 'uk',
  urd: 'ur',
  uzn: 'uz',
  vie: 'vi',
  yor: 'yo',
  zlm: 'ms',
  zul: 'zu',
  zyb: 'za',
};

/** Declared codes that name one of the languages above under another code. */
const ALIASES: Readonly<Record<string, string>> = {
  fil: 'tl',
  in: 'id',
  iw: 'he',
  ji: 'yi',
  sh: 'sr',
  cmn: 'zh',
  yue: 'zh',
};

/** Languages written alike that the detector cannot reliably tell apart: one group each. */
const GROUPS: ReadonlyArray<readonly string[]> = [
  ['bs', 'hr', 'sr'],
  ['id', 'ms'],
];

export const DETECTABLE: ReadonlySet<string> = new Set(Object.values(FRANC_TO_LANG));

/** The primary language subtag of a BCP 47 tag, lower case, aliases resolved ("en-GB" → "en"). */
export function primaryLanguage(tag: string): string {
  const primary = tag.trim().split(/[-_]/)[0]!.toLowerCase();
  return ALIASES[primary] ?? primary;
}

/** The same language for this comparison: equal, or in one group of look-alikes. */
export function sameLanguage(a: string, b: string): boolean {
  return a === b || GROUPS.some((group) => group.includes(a) && group.includes(b));
}
