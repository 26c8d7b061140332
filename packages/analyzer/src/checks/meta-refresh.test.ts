import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import type { FetchArtifact } from '../types.ts';
import { metaRefresh, parseRefresh } from './meta-refresh.ts';

const run = (head: string, fetch: Partial<FetchArtifact> = {}) =>
  metaRefresh.run(
    makePage({ html: `<html><head>${head}</head><body><p>Hi</p></body></html>`, fetch }),
  );
const refresh = (content: string) => `<meta http-equiv="Refresh" content="${content}">`;

describe('meta-refresh check', () => {
  it('passes a page without a refresh', () => {
    expect(run('<meta charset="utf-8">')).toMatchObject({
      severity: 'success',
      message: 'No meta refresh',
      details: { refreshes: [] },
    });
  });

  it('warns about an instant redirect and writes the server redirect', () => {
    const outcome = run(refresh('0; url=/new-page'), { headers: { server: 'nginx' } });
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe(
      'The page redirects with a meta refresh to https://example.com/new-page',
    );
    expect(outcome.details).toMatchObject({
      refreshes: [
        {
          source: 'meta',
          content: '0; url=/new-page',
          refresh: { delay: 0, url: '/new-page' },
          target: 'https://example.com/new-page',
          inHead: true,
        },
      ],
      fixSnippet: 'location = /page {\n  return 301 https://example.com/new-page;\n}',
    });
  });

  it('warns about a delayed redirect, with prose for an unknown server', () => {
    const outcome = run(refresh("5;URL='https://other.example/'"));
    expect(outcome.message).toBe(
      'The page redirects after 5 seconds with a meta refresh to https://other.example/',
    );
    expect(outcome.why).toContain('temporary redirect');
    expect(outcome.details).not.toHaveProperty('fixSnippet');
    expect(outcome.howToFix).toBe(
      'Redirect /page to https://other.example/ with a permanent (301) HTTP redirect on the server, and remove the refresh.',
    );
  });

  it('warns about a page that reloads itself', () => {
    const outcome = run(refresh('300'));
    expect(outcome.message).toBe('The page reloads itself after 300 seconds (a meta refresh)');
    expect(run(refresh('60; url=https://example.com/page#top')).message).toBe(
      'The page reloads itself after 60 seconds (a meta refresh)',
    );
  });

  it('reads the Refresh header', () => {
    const outcome = run('', { headers: { refresh: '0;url=https://example.com/b' } });
    expect(outcome.message).toBe(
      'The page redirects with a Refresh header to https://example.com/b',
    );
  });

  it('lists values browsers ignore, and skips noscript fallbacks', () => {
    const ignored = run(refresh('soon'));
    expect(ignored).toMatchObject({ severity: 'success', message: 'No refresh browsers act on' });
    expect(run(`<noscript>${refresh('0; url=/nojs')}</noscript>`).message).toBe('No meta refresh');
  });

  it('parses refresh values as HTML does', () => {
    expect(parseRefresh('5')).toEqual({ delay: 5, url: null });
    expect(parseRefresh('  3.9 ; URL = "a b.html" trailing')).toEqual({
      delay: 3,
      url: 'a b.html',
    });
    expect(parseRefresh('.5,/x')).toEqual({ delay: 0, url: '/x' });
    expect(parseRefresh('0 /plain')).toEqual({ delay: 0, url: '/plain' });
    expect(parseRefresh('1x; url=/y')).toBeNull();
    expect(parseRefresh('')).toBeNull();
  });
});
