import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { type RichResultItem, richResults } from './rich-results.ts';
import { runCheck } from './run-checks.ts';

const HEAD =
  '<title>Oak dining table for six people</title>' +
  '<meta name="description" content="A solid oak table, made to order.">' +
  '<meta property="og:image" content="/img/table.jpg">';
const ld = (data: unknown) =>
  `<script type="application/ld+json">${typeof data === 'string' ? data : JSON.stringify(data)}</script>`;
const html = (...blocks: string[]) =>
  `<html><head>${HEAD}${blocks.join('')}</head><body></body></html>`;
const run = (...blocks: string[]) => runCheck(makePage({ html: html(...blocks) }), richResults);

const CONTEXT = 'https://schema.org';
const offer = { '@type': 'Offer', price: '899.00', priceCurrency: 'EUR' };
const product = { '@context': CONTEXT, '@type': 'Product', name: 'Oak table', offers: offer };

const itemsOf = (finding: ReturnType<typeof run>) =>
  (finding.details as { items: RichResultItem[] }).items;
const snippetOf = (finding: ReturnType<typeof run>) =>
  (finding.details as { fixSnippet: string }).fixSnippet;
/** The JSON-LD objects of a fix snippet, parsed back. */
const skeletons = (finding: ReturnType<typeof run>) =>
  [
    ...snippetOf(finding).matchAll(
      /<script type="application\/ld\+json">\n([\s\S]*?)\n<\/script>/g,
    ),
  ].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);

describe('rich-results check', () => {
  it('has stable meta', () => {
    expect(richResults.meta.id).toBe('rich-results');
  });

  it('does not apply to a page without JSON-LD', () => {
    const finding = run();
    expect(finding.outcome).toBe('not_applicable');
    expect(finding.message).toBe('No structured data to earn rich results');
    expect(finding.howToFix).toBeNull();
  });

  it('does not apply when no type earns a rich result, and skips blocks that do not parse', () => {
    const finding = run(ld({ '@context': CONTEXT, '@type': 'WebSite', name: 'x' }), ld('{oops'));
    expect(finding.outcome).toBe('not_applicable');
    expect(finding.message).toBe('No rich-result types in the structured data');
    expect(finding.details).toMatchObject({ types: ['WebSite'], items: [] });
  });

  it('passes an eligible item and lists the recommended properties it lacks', () => {
    const finding = run(ld(product));
    expect(finding.outcome).toBe('passed');
    expect(finding.message).toBe('Eligible for rich results: Product snippet');
    expect(itemsOf(finding)[0]).toMatchObject({
      type: 'Product',
      eligible: true,
      missingRequired: [],
      missingRecommended: [
        'image',
        'description',
        'brand',
        'sku',
        'offers.availability',
        'offers.url',
        'offers.priceValidUntil',
      ],
    });
    expect(finding.why).toMatch(/^Every item has the properties Google requires\. 7 recommended/);
    expect(finding.howToFix).toBeNull();
  });

  it('fails a Product without offers, review or aggregateRating and fills the skeleton from the page', () => {
    const finding = run(ld({ '@context': CONTEXT, '@type': 'Product' }));
    expect(finding.outcome).toBe('failed');
    expect(finding.severity).toBe('warning');
    expect(finding.message).toBe(
      'Product is not eligible for rich results: missing name and offers, review or aggregateRating',
    );
    expect(finding.howToFix).toContain(
      'In the Product of JSON-LD block 1, add name and offers, review or aggregateRating.',
    );
    const [skeleton] = skeletons(finding);
    expect(skeleton).toEqual({
      '@context': CONTEXT,
      '@type': 'Product',
      name: 'Oak dining table for six people',
      offers: {
        '@type': 'Offer',
        price: '<price, e.g. 19.99>',
        priceCurrency: '<currency, e.g. EUR>',
        availability: 'https://schema.org/InStock',
        url: 'https://example.com/page',
      },
      // Recommended properties the page supplies are added too.
      image: 'https://example.com/img/table.jpg',
      description: 'A solid oak table, made to order.',
    });
  });

  it('names invalid offer values and corrects them in the skeleton', () => {
    const bad = {
      ...product,
      offers: { '@type': 'Offer', price: '$1,299.00', priceCurrency: '€' },
    };
    const finding = run(ld(bad));
    expect(finding.message).toBe(
      'Product is not eligible for rich results: invalid offers.price and offers.priceCurrency',
    );
    expect(itemsOf(finding)[0]!.invalid).toEqual([
      {
        property: 'offers.price',
        value: '$1,299.00',
        problem: 'must be a number such as 19.99, without currency symbols or thousands separators',
      },
      {
        property: 'offers.priceCurrency',
        value: '€',
        problem: 'must be a three-letter ISO 4217 currency code, such as EUR or USD',
      },
    ]);
    expect(skeletons(finding)[0]!.offers).toMatchObject({ price: '1299.00', priceCurrency: 'EUR' });
  });

  it('follows @graph and @id references, judging a referenced Offer only inside its Product', () => {
    const graph = {
      '@context': CONTEXT,
      '@graph': [
        { '@type': 'Product', name: 'Oak table', offers: { '@id': '#offer' } },
        { '@type': 'Offer', '@id': '#offer', price: 899 },
      ],
    };
    const finding = run(ld(graph));
    const items = itemsOf(finding);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'Product',
      path: '@graph[0]',
      missingRequired: ['offers.priceCurrency'],
    });
    // The skeleton inherits the graph's @context and writes the referenced Offer inline.
    expect(skeletons(finding)[0]).toMatchObject({
      '@context': CONTEXT,
      offers: {
        '@type': 'Offer',
        '@id': '#offer',
        price: 899,
        priceCurrency: '<currency, e.g. EUR>',
      },
    });
    expect(finding.howToFix).toContain(
      'It writes the nodes referenced by @id (#offer) inline, so remove those nodes from the graph.',
    );
  });

  it('corrects an invalid value of a referenced node', () => {
    const graph = {
      '@context': CONTEXT,
      '@graph': [
        { '@type': 'Product', name: 'Oak table', offers: { '@id': '#o' } },
        { '@type': 'Offer', '@id': '#o', price: '1.299,00 €', priceCurrency: 'eur' },
      ],
    };
    const finding = run(ld(graph));
    expect(itemsOf(finding)[0]!.invalid.map((v) => v.property)).toEqual([
      'offers.price',
      'offers.priceCurrency',
    ]);
    expect(skeletons(finding)[0]!.offers).toMatchObject({ price: '1299.00', priceCurrency: 'EUR' });
  });

  it('judges every item of a top-level array and the entries of nested arrays', () => {
    const faq = {
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Is it oak?',
          acceptedAnswer: { '@type': 'Answer', text: 'Yes' },
        },
        { '@type': 'Question', name: 'Does it fold?' },
      ],
    };
    const crumbs = {
      '@type': 'BreadcrumbList',
      itemListElement: [{ '@type': 'ListItem', position: '0', name: 'Home', item: '/' }],
    };
    const finding = run(
      ld([
        { '@context': CONTEXT, ...faq },
        { '@context': CONTEXT, ...crumbs },
      ]),
    );
    expect(finding.message).toBe('2 of 2 rich-result items are not eligible');
    const [faqItem, crumbItem] = itemsOf(finding);
    expect(faqItem).toMatchObject({
      path: '[0]',
      missingRequired: ['mainEntity[1].acceptedAnswer'],
    });
    expect(crumbItem!.invalid).toEqual([
      {
        property: 'itemListElement[0].position',
        value: '0',
        problem: 'must be a whole number above 0',
      },
      {
        property: 'itemListElement[0].item',
        value: '/',
        problem: 'must be an absolute http(s) URL',
      },
    ]);
    // A relative crumb URL is resolved against the page.
    expect((skeletons(finding)[1]!.itemListElement as unknown[])[0]).toMatchObject({
      item: 'https://example.com/',
    });
    const [faqFix] = skeletons(finding);
    expect((faqFix!.mainEntity as unknown[])[1]).toEqual({
      '@type': 'Question',
      name: 'Does it fold?',
      acceptedAnswer: { '@type': 'Answer', text: '<answer>' },
    });
  });

  it('requires itemReviewed of a standalone rating and checks the rating against its scale', () => {
    const rating = {
      '@context': CONTEXT,
      '@type': 'AggregateRating',
      ratingValue: 6,
      ratingCount: 10,
    };
    const finding = run(ld(rating));
    expect(itemsOf(finding)[0]).toMatchObject({
      missingRequired: ['itemReviewed'],
      invalid: [{ property: 'ratingValue', value: '6', problem: 'is above bestRating (5)' }],
    });
  });

  it('names invalid dates and durations and a text where an entity belongs', () => {
    const event = {
      '@context': CONTEXT,
      '@type': 'MusicEvent',
      name: 'Gig',
      startDate: 'next Friday',
    };
    const recipe = {
      '@context': CONTEXT,
      '@type': 'Recipe',
      name: 'Soup',
      image: 'https://example.com/s.jpg',
      cookTime: '20 minutes',
    };
    const video = { '@context': CONTEXT, '@type': 'VideoObject', name: 'Clip' };
    const shop = { '@context': CONTEXT, '@type': 'Restaurant', name: 'Chez Oak', review: 'great' };
    const job = {
      '@context': CONTEXT,
      '@type': 'JobPosting',
      title: 'Carpenter',
      employmentType: 'full time',
    };
    const finding = run(ld(event), ld(recipe), ld(video), ld(shop), ld(job));
    const byType = new Map(itemsOf(finding).map((item) => [item.type, item]));
    expect(byType.get('MusicEvent')).toMatchObject({
      feature: 'Event',
      missingRequired: ['location'],
      invalid: [{ property: 'startDate', value: 'next Friday' }],
    });
    expect(byType.get('Recipe')!.invalid[0]).toMatchObject({
      property: 'cookTime',
      problem: 'must be an ISO 8601 duration, such as PT1H30M',
    });
    expect(byType.get('VideoObject')!.missingRequired).toEqual(['thumbnailUrl', 'uploadDate']);
    expect(byType.get('Restaurant')).toMatchObject({
      feature: 'Local business',
      missingRequired: ['address'],
      invalid: [{ property: 'review', problem: 'must be a Review object' }],
    });
    expect(byType.get('JobPosting')).toMatchObject({
      missingRequired: [
        'description',
        'datePosted',
        'hiringOrganization',
        'jobLocation or applicantLocationRequirements',
      ],
      invalid: [{ property: 'employmentType', value: 'full time' }],
    });
    expect(finding.message).toBe('5 of 5 rich-result items are not eligible');
    // Only the first three failing items get a skeleton.
    expect(skeletons(finding)).toHaveLength(3);
    expect(skeletons(finding)[2]).toMatchObject({
      thumbnailUrl: 'https://example.com/img/table.jpg',
      uploadDate: '<date, e.g. 2026-11-23>',
    });
  });

  it('passes Article and Organization items, which have no required properties', () => {
    const finding = run(
      ld({
        '@context': CONTEXT,
        '@type': ['BlogPosting'],
        headline: 'Oak',
        datePublished: '2026-11-01',
      }),
      ld({
        '@context': CONTEXT,
        '@type': 'Organization',
        name: 'Oak & Co',
        url: 'https://example.com/',
      }),
    );
    expect(finding.outcome).toBe('passed');
    expect(finding.message).toBe(
      'Eligible for rich results: Article and Organization (logo and knowledge panel)',
    );
  });

  it('fails an Article with an invalid date, writing the corrected date and escaping </script>', () => {
    const finding = run(
      // The page escapes "</" in its JSON (as it must); the parsed headline holds </script>.
      ld(
        '{"@context":"https://schema.org","@type":"NewsArticle","headline":"a <\\/script> b","datePublished":"November 3, 2026"}',
      ),
    );
    expect(finding.message).toBe(
      'NewsArticle is not eligible for rich results: invalid datePublished',
    );
    expect(skeletons(finding)[0]!.datePublished).toBe('2026-11-03');
    expect(skeletons(finding)[0]!.headline).toBe('a </script> b');
    expect(snippetOf(finding).match(/<\/script>/g)).toHaveLength(1);
  });

  it('cuts a large item down to its identity plus the fixes', () => {
    const big = { ...product, offers: undefined, description: 'x'.repeat(4000), '@id': '#p' };
    const finding = run(ld(big));
    expect(skeletons(finding)[0]).toEqual({
      '@context': CONTEXT,
      '@type': 'Product',
      '@id': '#p',
      name: 'Oak table',
      offers: expect.objectContaining({ '@type': 'Offer' }),
      image: 'https://example.com/img/table.jpg',
    });
  });

  it('fills dates from the article:published_time tag', () => {
    const page = makePage({
      html: `<html><head><meta property="article:published_time" content="2026-11-02T08:00:00Z">${ld({ '@context': CONTEXT, '@type': 'VideoObject', name: 'Clip' })}</head><body></body></html>`,
    });
    const finding = runCheck(page, richResults);
    expect(skeletons(finding)[0]).toMatchObject({
      uploadDate: '2026-11-02T08:00:00Z',
      thumbnailUrl: '<absolute image URL>',
    });
  });

  it('judges the rendered page when a browser rendered it', () => {
    const page = makePage({
      html: html(),
      render: { status: 'rendered', html: html(ld({ '@context': CONTEXT, '@type': 'Product' })) },
    });
    const finding = runCheck(page, richResults);
    expect(finding.outcome).toBe('failed');
    expect(finding.details).toMatchObject({ source: 'rendered' });
  });
});
