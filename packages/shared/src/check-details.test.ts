import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type BotAccessDetails,
  type DetailsOf,
  detailsOf,
  fixSnippetOf,
  readDetails,
  type StoredDetailsOf,
} from './check-details.ts';

const botAccess = {
  id: 'bot-access',
  details: {
    robotsUrl: 'https://example.com/robots.txt',
    bots: [
      { bot: 'Googlebot', kind: 'search', allowed: true },
      { bot: 'GPTBot', kind: 'training', allowed: false, rule: 'Disallow: /' },
    ],
    blockedSearch: [],
    blockedAssistants: [],
    blockedTraining: ['GPTBot'],
  },
};

describe('the typing of details', () => {
  it('maps a check id to its details, and leaves unmapped ids free-form', () => {
    expectTypeOf<DetailsOf<'bot-access'>>().toEqualTypeOf<BotAccessDetails>();
    expectTypeOf<DetailsOf<'viewport'>>().toEqualTypeOf<Record<string, unknown>>();
  });

  it('refuses a key the check does not write', () => {
    const details = detailsOf(botAccess, 'bot-access');
    // A renamed key must not compile where a panel reads it: `bot-access` writes `bots`.
    // @ts-expect-error `crawlers` is not a key of bot-access details
    expect(details?.crawlers).toBeUndefined();
    expectTypeOf(details).toEqualTypeOf<StoredDetailsOf<'bot-access'> | null>();
  });

  it('gives every key of every shape a check writes, each optional', () => {
    const sides = readDetails('rendered-title', {});
    expectTypeOf(sides.server).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(sides.reason).toEqualTypeOf<string | undefined>();
  });
});

describe('detailsOf', () => {
  it('reads the details of a finding of that check', () => {
    expect(detailsOf(botAccess, 'bot-access')).toEqual(botAccess.details);
  });

  it('is null for another check, no finding, or a locked issue without details', () => {
    expect(detailsOf(botAccess, 'structured-data')).toBeNull();
    expect(detailsOf(undefined, 'bot-access')).toBeNull();
    expect(detailsOf(null, 'bot-access')).toBeNull();
    expect(detailsOf({ id: 'bot-access' }, 'bot-access')).toBeNull();
  });

  it('treats missing and wrongly-typed keys as absent, never throwing', () => {
    const details = detailsOf(
      {
        id: 'bot-access',
        details: { robotsUrl: 42, bots: 'all of them', blockedSearch: ['Bingbot', 7] },
      },
      'bot-access',
    );
    expect(details).toEqual({ blockedSearch: ['Bingbot'] });
    expect(detailsOf({ id: 'bot-access', details: null }, 'bot-access')).toEqual({});
    expect(detailsOf({ id: 'bot-access', details: ['x'] }, 'bot-access')).toEqual({});
  });

  it('reads list entries field by field, dropping entries that are not objects', () => {
    const details = detailsOf(
      {
        id: 'bot-access',
        details: {
          bots: [
            { bot: 'Googlebot', kind: 'search', allowed: null, rule: 3 },
            { kind: 'search', allowed: true },
            { bot: 'Bingbot', kind: 'robot', allowed: true },
            null,
          ],
        },
      },
      'bot-access',
    );
    // Each field is kept or left out on its own; only an entry that is no object is dropped.
    expect(details?.bots).toEqual([
      { bot: 'Googlebot', kind: 'search', allowed: null },
      { kind: 'search', allowed: true },
      { bot: 'Bingbot', allowed: true },
    ]);
  });

  it('keeps no key the check does not write (the runner’s error, omitted details)', () => {
    expect(
      detailsOf(
        { id: 'rendered-title', details: { error: 'boom', reason: 'timeout' } },
        'rendered-title',
      ),
    ).toEqual({ reason: 'timeout' });
  });

  it('reads both shapes of a check with two (js-rendering rendered or not)', () => {
    expect(
      readDetails('js-rendering', { serverWords: 12, renderedWords: null, scripts: 3 }),
    ).toEqual({ serverWords: 12, renderedWords: null, scripts: 3 });
    expect(
      readDetails('js-rendering', {
        serverWords: 40,
        renderedWords: 400,
        ratio: 0.1,
        missingWords: 360,
        missingSample: 'oak tables',
      }),
    ).toEqual({
      serverWords: 40,
      renderedWords: 400,
      ratio: 0.1,
      missingWords: 360,
      missingSample: 'oak tables',
    });
    expect(readDetails('js-rendering', { renderedWords: 'many', ratio: Number.NaN })).toEqual({});
  });

  it('reads nested rich-result items, their invalid values included', () => {
    const item = {
      type: 'Product',
      feature: 'Product snippets',
      block: 0,
      path: '',
      eligible: false,
      missingRequired: ['offers'],
      missingRecommended: [],
      invalid: [{ property: 'image', value: 'x', problem: 'not a URL' }, { property: 1 }],
    };
    expect(detailsOf({ id: 'rich-results', details: { items: [item] } }, 'rich-results')).toEqual({
      items: [{ ...item, invalid: [{ property: 'image', value: 'x', problem: 'not a URL' }, {}] }],
    });
  });
});

describe('fixSnippetOf', () => {
  it('reads the snippet of any finding, null when absent, blank or not text', () => {
    expect(fixSnippetOf({ fixSnippet: '<title>Oak</title>' })).toBe('<title>Oak</title>');
    expect(fixSnippetOf({ fixSnippet: '  ' })).toBeNull();
    expect(fixSnippetOf({ fixSnippet: 3 })).toBeNull();
    expect(fixSnippetOf({})).toBeNull();
    expect(fixSnippetOf(undefined)).toBeNull();
  });
});
