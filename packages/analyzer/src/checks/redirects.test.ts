import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import type { RedirectHop } from '../types.ts';
import { classifyHop, redirects } from './redirects.ts';

const run = (hops: RedirectHop[], requestedUrl = hops[0]?.url ?? 'https://example.com/page') =>
  redirects.run(makePage({ fetch: { requestedUrl, redirects: hops } }));

describe('redirects check', () => {
  it('has stable meta', () => {
    expect(redirects.meta).toMatchObject({ id: 'redirects' });
  });

  it('passes without redirects', () => {
    expect(run([])).toEqual({
      severity: 'success',
      message: 'No redirects',
      details: {
        count: 0,
        requestedUrl: 'https://example.com/page',
        finalUrl: 'https://example.com/page',
        hops: [],
      },
    });
  });

  it('passes a single http → https hop and names it', () => {
    const outcome = run([
      { url: 'http://example.com/page', status: 301, location: 'https://example.com/page' },
    ]);
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('One redirect (http → https), which is fine');
    expect(outcome.details?.hops).toEqual([
      {
        from: 'http://example.com/page',
        to: 'https://example.com/page',
        status: 301,
        kind: 'http-to-https',
      },
    ]);
  });

  it('passes a single hop of another kind and says where it goes', () => {
    const outcome = run([{ url: 'https://example.com/old', status: 301, location: '/page' }]);
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('One redirect, to https://example.com/page');
    // A relative Location is reported resolved.
    expect(outcome.details?.hops).toMatchObject([
      { to: 'https://example.com/page', kind: 'other' },
    ]);
  });

  it('warns on a chain of two or more hops', () => {
    const outcome = run([
      { url: 'http://example.com/page', status: 301, location: 'https://example.com/page' },
      { url: 'https://example.com/page', status: 302, location: 'https://www.example.com/page' },
      { url: 'https://www.example.com/page', status: 301, location: 'https://example.com/page' },
    ]);
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Redirect chain of 3 hops');
    expect(outcome.why).toContain('https://example.com/page');
    expect(outcome.details?.count).toBe(3);
  });

  it('keeps an unparseable Location as it was', () => {
    const outcome = run([
      { url: 'https://example.com/a', status: 301, location: 'http://[bad' },
      { url: 'https://example.com/b', status: 301, location: '/page' },
    ]);
    expect(outcome.details?.hops).toMatchObject([{ to: 'http://[bad', kind: 'other' }, {}]);
  });
});

describe('classifyHop', () => {
  it.each([
    ['http://example.com/', 'https://example.com/', 'http-to-https'],
    ['https://example.com/a', 'https://www.example.com/a', 'www'],
    ['https://www.example.com/a', 'https://example.com/a', 'www'],
    ['http://example.com/a?x=1', 'https://www.example.com/a?x=1', 'http-to-https-and-www'],
    ['http://example.com/a', 'https://example.com/b', 'other'],
    ['http://example.com/a', 'https://example.org/a', 'other'],
    ['http://example.com:8080/a', 'https://example.com/a', 'other'],
    ['https://example.com/a', 'http://www.example.com/a', 'other'],
    ['not a url', 'https://example.com/', 'other'],
  ])('%s → %s is %s', (from, to, kind) => {
    expect(classifyHop(from, to)).toBe(kind);
  });
});

describe('redirects fix', () => {
  it('names the one redirect to make and the links to change', () => {
    const outcome = run([
      { url: 'http://example.com/old', status: 301, location: 'https://example.com/old' },
      { url: 'https://example.com/old', status: 301, location: 'https://example.com/page' },
    ]);
    expect(outcome.howToFix).toBe(
      'Make http://example.com/old redirect straight to https://example.com/page with one 301, and change the links that point to http://example.com/old to https://example.com/page.',
    );
  });

  it('gives no fix for a single redirect', () => {
    const outcome = run([
      { url: 'http://example.com/page', status: 301, location: 'https://example.com/page' },
    ]);
    expect(outcome.howToFix).toBeUndefined();
  });
});
