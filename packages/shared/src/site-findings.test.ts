import { describe, expect, it } from 'vitest';
import { pageSignalsSchema, readPageSignals } from './site-findings.ts';

const VALID = {
  finalKey: 'https://example.com/a',
  status: 200,
  redirects: [{ key: 'https://example.com/old', status: 301 }],
  noindex: false,
  canonical: 'https://example.com/a',
  hreflang: [{ lang: 'x-default', key: 'https://example.com/a' }],
  fingerprint: '0123456789abcdef'.repeat(32),
  words: 120,
  externalLinks: 3,
};

/** VALID with one key changed (undefined: the key left out). */
function withKey(key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...VALID };
  if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy;
}

const VARIANTS: Array<[string, unknown]> = [
  ['finalKey', 7],
  ['status', 200.5],
  ['status', 2 ** 53],
  ['status', -1],
  ['status', Number.NaN],
  ['status', '200'],
  ['redirects', null],
  ['redirects', []],
  ['redirects', [{ key: 'https://example.com/x' }]],
  ['redirects', [{ key: 'https://example.com/x', status: 302, extra: true }]],
  ['redirects', [null]],
  ['redirects', [[]]],
  ['noindex', 'false'],
  ['canonical', null],
  ['canonical', undefined],
  ['canonical', 3],
  ['hreflang', [{ lang: 'de' }]],
  ['hreflang', [{ lang: 'de', key: 'https://example.com/de' }]],
  ['hreflang', {}],
  ['fingerprint', null],
  ['fingerprint', undefined],
  ['fingerprint', `${'ABCDEF'.repeat(85)}ab`],
  ['fingerprint', '0'.repeat(511)],
  ['fingerprint', '0'.repeat(513)],
  ['fingerprint', `${'0'.repeat(511)}\n`],
  ['words', 0],
  ['words', -3],
  ['words', 1.5],
  ['words', undefined],
  ['externalLinks', 0],
  ['externalLinks', -1],
  ['externalLinks', undefined],
  ['unknownKey', 'kept by the reader, left out by the schema'],
];

describe('readPageSignals', () => {
  it('accepts what pageSignalsSchema accepts and nothing else', () => {
    const values: unknown[] = [
      VALID,
      null,
      undefined,
      'signals',
      42,
      [],
      [VALID],
      {},
      ...VARIANTS.map(([key, value]) => withKey(key, value)),
    ];
    const verdicts = values.map((value) => [
      readPageSignals(value) !== null,
      pageSignalsSchema.safeParse(value).success,
    ]);
    expect(verdicts.map(([read]) => read)).toEqual(verdicts.map(([, schema]) => schema));
    // Both kinds are in the list.
    expect(new Set(verdicts.map(([read]) => read))).toEqual(new Set([true, false]));
  });

  it('answers the stored object itself, not a copy', () => {
    const stored = structuredClone(VALID);
    expect(readPageSignals(stored)).toBe(stored);
    expect(readPageSignals(stored)).toEqual(pageSignalsSchema.parse(stored));
  });
});
