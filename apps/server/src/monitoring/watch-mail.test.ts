import { describe, expect, it } from 'vitest';
import { compareUrl, regressionMail, stopUrl } from './watch-mail.ts';

describe('regressionMail', () => {
  const mail = regressionMail({
    to: 'owner@example.com',
    pageUrl: 'https://shop.example/oak-table',
    previous: { score: 91, accessToken: 'A'.repeat(43) },
    current: { score: 72, accessToken: 'B'.repeat(43) },
    regression: { scoreDrop: 19, newCritical: [{ id: 'title', message: 'Title is missing' }] },
    publicOrigin: 'https://crawlwise.example',
    stopToken: 'S'.repeat(43),
  });

  it('says what got worse, links the comparison and the stop page', () => {
    expect(mail.subject).toBe('SEO score of shop.example dropped from 91 to 72');
    expect(mail.text).toContain('The score dropped by 19 points, from 91 to 72.');
    expect(mail.text).toContain('New critical problem: Title is missing');
    expect(mail.text).toContain(
      `https://crawlwise.example/compare?a=${'A'.repeat(43)}&b=${'B'.repeat(43)}`,
    );
    expect(mail.text).toContain(
      `https://crawlwise.example/api/watches/stop?token=${'S'.repeat(43)}`,
    );
  });

  it('offers the one-click stop to mail clients (RFC 8058)', () => {
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${stopUrl('https://crawlwise.example', 'S'.repeat(43))}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('encodes the tokens in the links', () => {
    expect(compareUrl('http://x.test', 'a b', 'c&d')).toBe('http://x.test/compare?a=a+b&b=c%26d');
  });
});
