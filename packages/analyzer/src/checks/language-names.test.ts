import { describe, expect, it } from 'vitest';
import { DETECTABLE } from './language-codes.ts';
import { languageName, NAMED_CODES } from './language-names.ts';

// The table stands in for Intl.DisplayNames in production; here DisplayNames is the reference.
const displayNames = new Intl.DisplayNames(['en'], { type: 'language' });
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const TWO_LETTER_CODES = [...LETTERS].flatMap((first) =>
  [...LETTERS].map((second) => first + second),
);

describe('languageName', () => {
  it('names every language the detector can report', () => {
    const unnamed = [...DETECTABLE].filter((code) => !NAMED_CODES.includes(code));
    expect(unnamed).toEqual([]);
  });

  it('says what Intl.DisplayNames says for every code in the table', () => {
    const different = NAMED_CODES.filter((code) => languageName(code) !== displayNames.of(code));
    expect(different).toEqual([]);
    expect(languageName('de')).toBe('German');
  });

  it('has every two-letter code Intl.DisplayNames names', () => {
    const named = TWO_LETTER_CODES.filter((code) => displayNames.of(code) !== code);
    expect(named.filter((code) => !NAMED_CODES.includes(code))).toEqual([]);
    expect(NAMED_CODES.length).toBe(named.length);
  });

  it('names a code outside the table as Intl.DisplayNames does, and an unknown one by itself', () => {
    expect(languageName('haw')).toBe('Hawaiian');
    expect(languageName('qqq')).toBe(displayNames.of('qqq'));
    expect(languageName('constructor')).toBe('constructor');
  });
});
