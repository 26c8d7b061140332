import { describe, expect, it } from 'vitest';
import { externalLinksProgressText, parseSiteAddress, parseSiteAddressList } from './site-check.ts';

const site = new URL('https://shop.example/');

describe('parseSiteAddressList', () => {
  it('reads plain lines and CSV rows, keeping the site host only, in order', () => {
    const list = [
      'url,title',
      '"https://shop.example/a",A',
      'https://shop.example/b',
      'Title only; https://shop.example/c',
      '/d',
      '# a comment',
      '',
      'https://other.example/x',
      'https://shop.example/a',
      'not an address',
    ].join('\r\n');
    expect(parseSiteAddressList(list, site)).toEqual({
      urls: [
        'https://shop.example/a',
        'https://shop.example/b',
        'https://shop.example/c',
        'https://shop.example/d',
      ],
      offSite: 1,
      invalid: 2,
      duplicates: 1,
      overCap: 0,
    });
  });

  it('keeps at most the cap and counts the rest', () => {
    const list = Array.from({ length: 5 }, (_, i) => `https://shop.example/${i}`).join('\n');
    const parsed = parseSiteAddressList(list, site, 3);
    expect(parsed.urls).toHaveLength(3);
    expect(parsed.overCap).toBe(2);
  });
});

describe('parseSiteAddress', () => {
  it('keeps the origin of what was typed', () => {
    const parsed = parseSiteAddress('shop.example/some/page?x=1');
    expect(parsed.ok && parsed.site.href).toBe('https://shop.example/');
  });

  it('refuses what is not an http(s) address', () => {
    expect(parseSiteAddress('ftp://shop.example')).toMatchObject({ code: 'unsupported_protocol' });
    expect(parseSiteAddress('')).toMatchObject({ code: 'missing_url' });
  });
});

describe('externalLinksProgressText', () => {
  it('says how many targets are answered while some wait, then how many were checked', () => {
    expect(externalLinksProgressText({ total: 12, checked: 5 })).toBe(
      'Checking external links… 5 of 12 answered',
    );
    expect(externalLinksProgressText({ total: 12, checked: 12 })).toBe('12 external links checked');
    expect(externalLinksProgressText({ total: 1, checked: 1 })).toBe('1 external link checked');
  });
});
