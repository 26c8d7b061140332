import { describe, expect, it } from 'vitest';
import { crawlRegressionMail, siteRegressionMail } from './site-watch-mail.ts';
import { stopUrl } from './watch-mail.ts';

describe('siteRegressionMail', () => {
  const input = {
    to: 'owner@example.com',
    siteUrl: 'https://shop.example/',
    previousSiteCheckId: '11111111-1111-4111-8111-111111111111',
    currentSiteCheckId: '22222222-2222-4222-8222-222222222222',
    regression: {
      previousAverage: 90,
      currentAverage: 70,
      scoreDrop: 20,
      newCritical: [{ url: 'https://shop.example/oak', id: 'title', message: 'Title is missing' }],
    },
    publicOrigin: 'https://crawlwise.example',
    stopToken: 'S'.repeat(43),
  };

  it('says what got worse and links both site reports and the stop page', () => {
    const mail = siteRegressionMail(input);
    expect(mail.subject).toBe('Average SEO score of shop.example dropped from 90 to 70');
    expect(mail.text).toContain('dropped by 20 points, from 90 to 70');
    expect(mail.text).toContain(
      'New critical problem on https://shop.example/oak: Title is missing',
    );
    expect(mail.text).toContain(
      `https://crawlwise.example/site-check?id=${input.currentSiteCheckId}`,
    );
    expect(mail.text).toContain(
      `https://crawlwise.example/site-check?id=${input.previousSiteCheckId}`,
    );
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${stopUrl(input.publicOrigin, input.stopToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('names a new critical problem in the subject when the average held, and caps the list', () => {
    const problems = Array.from({ length: 25 }, (_, index) => ({
      url: `https://shop.example/p${index}`,
      id: 'title',
      message: 'Title is missing',
    }));
    const mail = siteRegressionMail({
      ...input,
      regression: {
        previousAverage: 90,
        currentAverage: 89,
        scoreDrop: null,
        newCritical: problems,
      },
    });
    expect(mail.subject).toBe('New critical SEO problem on shop.example');
    expect(mail.text.match(/New critical problem on/g)).toHaveLength(20);
    expect(mail.text).toContain('And 5 more new critical problems.');
  });
});

describe('crawlRegressionMail', () => {
  const link = (index: number) => ({
    source: `https://shop.example/p${index}`,
    target: `https://shop.example/gone${index}`,
    status: index === 0 ? null : 404,
    error: index === 0 ? 'dns_error' : null,
  });
  const input = {
    to: 'owner@example.com',
    siteUrl: 'https://shop.example/',
    previousSiteCheckId: '11111111-1111-4111-8111-111111111111',
    currentSiteCheckId: '22222222-2222-4222-8222-222222222222',
    regression: {
      previousScore: 80,
      currentScore: 80,
      scoreDrop: null,
      newCritical: [],
      newBrokenLinks: { total: 23, items: Array.from({ length: 20 }, (_, index) => link(index)) },
      newlyNonIndexable: {
        total: 1,
        items: [{ url: 'https://shop.example/oak', reason: 'canonicalised' as const }],
      },
    },
    publicOrigin: 'https://crawlwise.example',
    stopToken: 'S'.repeat(43),
  };

  it('names the new broken links and the pages that became non-indexable, with "and N more"', () => {
    const mail = crawlRegressionMail(input);
    expect(mail.subject).toBe('New broken links on shop.example');
    expect(mail.text).toContain('- 23 new broken internal links:');
    expect(mail.text).toContain(
      '  https://shop.example/p0 → https://shop.example/gone0 (no answer: dns_error)',
    );
    expect(mail.text).toContain(
      '  https://shop.example/p19 → https://shop.example/gone19 (HTTP 404)',
    );
    expect(mail.text).toContain('  And 3 more.');
    expect(mail.text).toContain('- 1 page became non-indexable:');
    expect(mail.text).toContain('  https://shop.example/oak (Canonical points elsewhere)');
    expect(mail.text).not.toContain('site score dropped');
    expect(mail.text).toContain(stopUrl(input.publicOrigin, input.stopToken));
  });

  it('leads with the site score when it dropped', () => {
    const mail = crawlRegressionMail({
      ...input,
      regression: { ...input.regression, currentScore: 70, scoreDrop: 10 },
    });
    expect(mail.subject).toBe('Site score of shop.example dropped from 80 to 70');
    expect(mail.text).toContain('- The site score dropped by 10 points, from 80 to 70.');
  });
});
