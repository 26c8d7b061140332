import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import type { FetchArtifact } from '../types.ts';
import { mixedContent, srcsetUrls, UPGRADE_META } from './mixed-content.ts';

const page = (head: string, body: string, fetch: Partial<FetchArtifact> = {}, rendered?: string) =>
  makePage({
    html: `<html><head>${head}</head><body>${body}</body></html>`,
    fetch,
    ...(rendered === undefined ? {} : { render: { status: 'rendered', html: rendered } }),
  });
const run = (head: string, body: string, fetch: Partial<FetchArtifact> = {}, rendered?: string) =>
  mixedContent.run(page(head, body, fetch, rendered));

describe('mixed-content check', () => {
  it('passes an HTTPS page that loads everything over HTTPS', () => {
    const outcome = run(
      '<link rel="stylesheet" href="/site.css"><script src="//cdn.example.net/a.js"></script>',
      '<img src="https://cdn.example.net/a.png"><a href="http://other.example/">a link is not a load</a>',
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('Everything loads over HTTPS');
  });

  it('is critical for scripts, stylesheets and frames over HTTP', () => {
    const outcome = run(
      '<link rel="stylesheet" href="http://cdn.example.net/site.css"><link rel="alternate" href="http://example.com/feed">',
      '<script src="http://cdn.example.net/app.js"></script><iframe src="http://maps.example/embed"></iframe><img src="http://cdn.example.net/a.png">',
    );
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('3 scripts, stylesheets or frames load over plain HTTP');
    expect(outcome.details).toMatchObject({
      activeCount: 3,
      passiveCount: 1,
      active: [
        { element: '<script src>', url: 'http://cdn.example.net/app.js', addedByScript: false },
        { element: '<iframe src>', url: 'http://maps.example/embed', addedByScript: false },
        { element: '<link href>', url: 'http://cdn.example.net/site.css', addedByScript: false },
      ],
      passive: [{ element: '<img src>', url: 'http://cdn.example.net/a.png' }],
      upgraded: false,
      fixSnippet: UPGRADE_META,
    });
    expect(outcome.why).toContain('1 image or media file also loads over HTTP.');
  });

  it('warns for images, media and srcset candidates over HTTP', () => {
    const outcome = run(
      '',
      '<picture><source srcset="https://a.example/1.webp 1x, http://a.example/2,x.webp 2x"><img src="/a.jpg"></picture><video poster="http://a.example/p.jpg"></video>',
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('2 images or media files load over plain HTTP');
    expect(outcome.details).toMatchObject({
      passive: [
        { element: '<source srcset>', url: 'http://a.example/2,x.webp' },
        { element: '<video poster>', url: 'http://a.example/p.jpg' },
      ],
    });
  });

  it('resolves relative addresses against an http:// base', () => {
    const outcome = run(
      '<base href="http://static.example.com/">',
      '<script src="app.js"></script>',
    );
    expect(outcome.details).toMatchObject({
      active: [{ url: 'http://static.example.com/app.js' }],
    });
  });

  it('reads the DOM after script, marking what script adds', () => {
    const outcome = run(
      '',
      '<p>Hi</p>',
      {},
      '<html><body><script src="http://ads.example/t.js"></script></body></html>',
    );
    expect(outcome.severity).toBe('critical');
    expect(outcome.details).toMatchObject({
      active: [{ url: 'http://ads.example/t.js', addedByScript: true }],
    });
  });

  it('ignores loopback hosts, templates and noscript fallbacks', () => {
    const outcome = run(
      '',
      '<script src="http://localhost:35729/livereload.js"></script><template><img src="http://a.example/t.png"></template><noscript><img src="http://a.example/n.png"></noscript>',
    );
    expect(outcome.severity).toBe('success');
  });

  it('passes, listing the addresses, when the page upgrades insecure requests', () => {
    const body = '<script src="http://cdn.example.net/app.js"></script>';
    const byMeta = run(
      '<meta http-equiv="Content-Security-Policy" content="upgrade-insecure-requests">',
      body,
    );
    expect(byMeta.severity).toBe('success');
    expect(byMeta.message).toBe("1 http:// address upgraded to HTTPS by the page's policy");
    expect(byMeta.details).toMatchObject({ upgraded: true, activeCount: 1 });
    const byHeader = run('', body, {
      headers: { 'content-security-policy': "default-src 'self'; upgrade-insecure-requests" },
    });
    expect(byHeader.severity).toBe('success');
    const metaInBody = run(
      '',
      `<p>x</p><meta http-equiv="Content-Security-Policy" content="upgrade-insecure-requests">${body}`,
    );
    expect(metaInBody.severity).toBe('critical');
  });

  it('does not apply to a page served over HTTP', () => {
    const outcome = run('', '<script src="http://a.example/a.js"></script>', {
      finalUrl: 'http://example.com/',
    });
    expect(outcome).toMatchObject({ severity: 'success', outcome: 'not_applicable' });
  });

  it('reads srcset URLs as HTML does', () => {
    expect(srcsetUrls('a.png 1x, b.png 2x')).toEqual(['a.png', 'b.png']);
    expect(srcsetUrls('/w_100,h_100/a.png 100w,/b.png 200w')).toEqual([
      '/w_100,h_100/a.png',
      '/b.png',
    ]);
    expect(srcsetUrls('a.png,b.png')).toEqual(['a.png,b.png']);
    expect(srcsetUrls('a.png, , b.png')).toEqual(['a.png', 'b.png']);
  });
});
