import { describe, expect, it } from 'vitest';
import { runChecks } from '../checks/run-checks.ts';
import { makePage } from '../page/test-artifacts.ts';
import type { Finding, Severity } from '../types.ts';
import { buildMetaJson } from './meta-json.ts';

const finding = (id: string, severity: Severity, details: Record<string, unknown>): Finding => ({
  id,
  category: 'metadata',
  outcome: severity === 'success' ? 'passed' : 'failed',
  severity,
  message: 'message',
  why: 'why',
  howToFix: null,
  details,
});

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

describe('buildMetaJson', () => {
  it('summarises a page from its findings', () => {
    const page = makePage({
      html: '<html><head><title>ignored</title></head><body></body></html>',
      fetch: {
        totalMs: 1234,
        status: 200,
        redirects: [{ url: 'http://example.com/page', status: 301, location: '/page' }],
      },
      render: { status: 'rendered', html: `<body><p>${words(12)}</p></body>` },
    });
    const meta = buildMetaJson(page, [
      finding('title', 'success', { value: 'A good title for this page', length: 26 }),
      finding('meta-description', 'warning', { value: 'Too short', length: 9 }),
      finding('word-count', 'critical', { count: 0 }),
      finding('viewport', 'success', {}),
    ]);
    expect(meta).toEqual({
      technical: { ssl: true, viewport: true, statusCode: 200, redirects: 1 },
      performance: { loadTime: 1.23 },
      title: { status: 'pass', value: 'A good title for this page', length: 26 },
      metaDescription: { status: 'warning', value: 'Too short', length: 9 },
      wordCount: { status: 'fail', count: 0, renderedCount: 12 },
    });
  });

  it('maps a critical title to fail with a null value', () => {
    const meta = buildMetaJson(makePage(), [
      finding('title', 'critical', { value: null, length: 0 }),
    ]);
    expect(meta.title).toEqual({ status: 'fail', value: null, length: 0 });
  });

  it('reports no ssl over http or with an invalid certificate', () => {
    expect(
      buildMetaJson(makePage({ fetch: { finalUrl: 'http://example.com/' } }), []).technical.ssl,
    ).toBe(false);
    expect(buildMetaJson(makePage({ fetch: { tls: { valid: false } } }), []).technical.ssl).toBe(
      false,
    );
  });

  it('reports the viewport as missing when its check did not pass', () => {
    const meta = buildMetaJson(makePage(), [finding('viewport', 'warning', {})]);
    expect(meta.technical.viewport).toBe(false);
  });

  it('measures the page when findings or details are missing', () => {
    const page = makePage({
      html: `<html><head><title> Caf&eacute;   &amp; bakery in the old town </title>
        <meta name="viewport" content="initial-scale=1, width=device-width">
        <meta name="description" content="${'x'.repeat(80)}"></head>
        <body><p>${words(320)}</p></body></html>`,
    });
    const meta = buildMetaJson(page, [finding('title', 'success', {})]);
    expect(meta.technical.viewport).toBe(true);
    expect(meta.title).toEqual({
      status: 'pass',
      value: 'Café & bakery in the old town',
      length: 29,
    });
    expect(meta.metaDescription).toEqual({ status: 'pass', value: 'x'.repeat(80), length: 80 });
    expect(meta.wordCount).toEqual({ status: 'pass', count: 320, renderedCount: null });
  });

  it('derives fallback statuses from the spec limits', () => {
    const short = buildMetaJson(
      makePage({
        html: '<html><head><title>Home</title><meta name="viewport" content="width=1024"></head><body><p>Hi there</p></body></html>',
      }),
      [],
    );
    expect(short.title).toEqual({ status: 'warning', value: 'Home', length: 4 });
    expect(short.metaDescription).toEqual({ status: 'fail', value: null, length: 0 });
    expect(short.wordCount).toMatchObject({ status: 'warning', count: 2 });
    expect(short.technical.viewport).toBe(false);
    expect(buildMetaJson(makePage(), []).wordCount.status).toBe('fail');
  });

  it('agrees with the real checks', () => {
    const page = makePage({
      html: `<html lang="en"><head><title>Crawlwise &mdash; SEO analyser for developers</title>
        <meta name="description" content="See your page the way a search crawler does: a score, the top three fixes and a plain summary.">
        <meta name="viewport" content="width=device-width, initial-scale=1"></head>
        <body><main><p>${words(40)}</p></main></body></html>`,
      fetch: { totalMs: 2499 },
    });
    const meta = buildMetaJson(page, runChecks(page));
    expect(meta).toEqual({
      technical: { ssl: true, viewport: true, statusCode: 200, redirects: 0 },
      performance: { loadTime: 2.5 },
      title: { status: 'pass', value: 'Crawlwise — SEO analyser for developers', length: 39 },
      metaDescription: {
        status: 'pass',
        value:
          'See your page the way a search crawler does: a score, the top three fixes and a plain summary.',
        length: 94,
      },
      wordCount: { status: 'warning', count: 40, renderedCount: null },
    });
  });
});
