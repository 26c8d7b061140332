import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { twitterCard } from './twitter-card.ts';

const run = (head: string) =>
  twitterCard.run(makePage({ html: `<html><head>${head}</head><body></body></html>` }));
const tw = (key: string, content: string) => `<meta name="twitter:${key}" content="${content}">`;
const og = (key: string, content: string) => `<meta property="og:${key}" content="${content}">`;
const full =
  tw('card', 'summary_large_image') +
  tw('title', 'Crawlwise') +
  tw('description', 'SEO analyser') +
  tw('image', 'https://example.com/card.png');

describe('twitter-card check', () => {
  it('has stable meta', () => {
    expect(twitterCard.meta).toMatchObject({ id: 'twitter-card' });
  });

  it('passes a complete card', () => {
    const outcome = run(full);
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('Twitter Card is set (summary_large_image)');
    expect(outcome.details).toMatchObject({
      card: 'summary_large_image',
      missing: [],
      invalidImage: false,
      fields: { title: { value: 'Crawlwise', source: 'twitter' } },
    });
  });

  it('accepts each known card type, case-insensitively', () => {
    for (const type of ['summary', 'app', 'player', 'Summary']) {
      expect(run(full.replace('summary_large_image', type)).severity).toBe('success');
    }
  });

  it('inherits title, description and image from Open Graph', () => {
    const outcome = run(
      tw('card', 'summary') +
        og('title', 'OG title') +
        og('description', 'OG description') +
        og('image', 'https://example.com/og.png'),
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.details).toMatchObject({
      fields: {
        title: { value: 'OG title', source: 'og' },
        description: { source: 'og' },
        image: { value: 'https://example.com/og.png', source: 'og' },
      },
    });
  });

  it('takes og:description as the description, but not the meta description (X does not)', () => {
    const card =
      tw('card', 'summary') + tw('title', 'T') + tw('image', 'https://example.com/i.png');
    const fromOg = run(`${card}${og('description', 'From Open Graph')}`);
    expect(fromOg.severity).toBe('success');
    expect(fromOg.details).toMatchObject({
      fields: { description: { value: 'From Open Graph', source: 'og' } },
    });
    const metaOnly = run(`${card}<meta name="description" content="Meta only">`);
    expect(metaOnly.message).toBe('Twitter Card has no description');
  });

  it('warns when twitter:card is missing', () => {
    const outcome = run(full.replace(tw('card', 'summary_large_image'), ''));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('No Twitter Card type');
    expect(outcome.details).toMatchObject({ card: null });
  });

  it('warns on an unknown card type', () => {
    const outcome = run(full.replace('summary_large_image', 'gallery'));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Unknown Twitter Card type "gallery"');
  });

  it('warns when fields are neither set nor inherited', () => {
    const outcome = run(tw('card', 'summary') + og('title', 'Only a title'));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Twitter Card has no description and image');
    expect(outcome.details).toMatchObject({
      missing: ['description', 'image'],
      fields: { image: { value: null, source: null } },
    });
  });

  it('warns when the image is not an absolute URL', () => {
    const outcome = run(full.replace('https://example.com/card.png', '/card.png'));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Twitter Card image is not an absolute URL');
    expect(outcome.details).toMatchObject({ invalidImage: true });
  });

  it('names the first problem and explains all of them', () => {
    const outcome = run('');
    expect(outcome.message).toBe('No Twitter Card type');
    expect(outcome.why).toContain('card is incomplete');
    expect(outcome.details).toMatchObject({ missing: ['title', 'description', 'image'] });
  });

  it('says when twitter:card is ignored because it is in the body', () => {
    const outcome = twitterCard.run(
      makePage({
        html: `<html><head>${og('title', 'T')}</head><body>${tw('card', 'summary')}</body></html>`,
      }),
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Twitter Card type ignored: it is in the <body>');
    expect(outcome.details).toMatchObject({
      card: null,
      ignored: [{ element: '<meta name="twitter:card">' }],
    });
  });

  it('reads twitter: tags from name= and, like X, from property=', () => {
    const viaProperty = full.replaceAll('name="twitter:', 'property="twitter:');
    expect(run(viaProperty).severity).toBe('success');
  });
});

describe('twitter-card fix', () => {
  const page = (head: string, body = '') =>
    twitterCard.run(makePage({ html: `<html><head>${head}</head><body>${body}</body></html>` }));

  it('gives no fix for a complete card', () => {
    const outcome = page(
      '<meta name="twitter:card" content="summary"><meta property="og:title" content="T"><meta property="og:description" content="D"><meta property="og:image" content="https://example.com/i.png">',
    );
    expect(outcome.howToFix).toBeUndefined();
  });

  it('writes the card type and the missing fields from the page', () => {
    const outcome = page(
      '<title>Oak tables</title><meta name="description" content="Made to order.">',
      '<img src="/oak.jpg">',
    );
    expect(outcome.details?.fixSnippet).toBe(
      [
        '<meta name="twitter:card" content="summary_large_image">',
        '<meta name="twitter:title" content="Oak tables">',
        '<meta name="twitter:description" content="Made to order.">',
        '<meta name="twitter:image" content="https://example.com/oak.jpg">',
      ].join('\n'),
    );
  });

  it('uses summary without an image and names what is missing', () => {
    const outcome = page('<meta name="twitter:card" content="big"><title>Oak tables</title>');
    expect(outcome.details?.fixSnippet).toBe(
      '<meta name="twitter:card" content="summary">\n<meta name="twitter:title" content="Oak tables">',
    );
    expect(outcome.howToFix).toMatch(
      /no value for twitter:description and twitter:image; add them by hand\.$/,
    );
  });

  it('makes a relative card image absolute, under the tag it came from', () => {
    const outcome = page(
      '<meta name="twitter:card" content="summary"><meta property="og:title" content="T"><meta property="og:description" content="D"><meta property="og:image" content="/i.png">',
    );
    expect(outcome.details?.fixSnippet).toBe(
      '<meta property="og:image" content="https://example.com/i.png">',
    );
  });
});
