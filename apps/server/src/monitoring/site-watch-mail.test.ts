import { describe, expect, it } from 'vitest';
import { siteRegressionMail } from './site-watch-mail.ts';
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
