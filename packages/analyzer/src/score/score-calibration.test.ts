import { describe, expect, it } from 'vitest';
import { runChecks } from '../checks/run-checks.ts';
import { makePage } from '../page/test-artifacts.ts';
import { scoreFindings } from './score.ts';

/**
 * End to end from HTML through the real checks to the score: keeps the points in score-config
 * calibrated to the product's promise (healthy real pages land at 75-90, broken ones far below).
 */

const URL_ = 'https://bakery.example/bread/sourdough';
const prose = (count: number) =>
  Array.from({ length: count }, (_, i) => ['flour', 'water', 'salt', 'starter', 'bake'][i % 5])
    .join(' ')
    .replace(/^./, 'F');

const head = (extra: string) => `
  <meta charset="utf-8">
  <title>Sourdough bread baked daily | Old Town Bakery</title>
  <meta name="description" content="Our sourdough is fermented for 36 hours and baked every morning in the old town. Order a loaf online or visit us.">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="canonical" href="${URL_}">
  ${extra}`;

const SOCIAL = `
  <meta property="og:title" content="Sourdough bread baked daily">
  <meta property="og:description" content="Fermented for 36 hours, baked every morning.">
  <meta property="og:image" content="https://bakery.example/img/sourdough.jpg">
  <meta property="og:url" content="${URL_}">
  <meta property="og:type" content="website">
  <meta name="twitter:card" content="summary_large_image">
  <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Sourdough","offers":{"@type":"Offer","price":"6.50","priceCurrency":"EUR"}}</script>`;

const score = (html: string) => {
  const page = makePage({ html, fetch: { finalUrl: URL_ } });
  return scoreFindings(runChecks(page));
};

describe('score calibration on real checks', () => {
  it('gives a page that passes every check 100', () => {
    const result = score(`<!doctype html><html lang="en"><head>${head(SOCIAL)}</head><body>
      <header><nav><a href="/">Home</a></nav></header>
      <main><h1>Sourdough bread</h1><h2>How we bake it</h2><p>${prose(420)}</p>
      <img src="/img/loaf.jpg" alt="A sourdough loaf" width="800" height="600"><a href="/order">Order a sourdough loaf</a></main>
      </body></html>`);
    expect(result.issues.filter((i) => i.severity !== 'success')).toEqual([]);
    expect(result.score).toBe(100);
  });

  it('puts a healthy real-world page at 75-90', () => {
    // Good title and description; no Twitter Card, Open Graph without og:url and og:type,
    // one of six images without alt, thin-ish content and a "read more" link.
    const openGraph = SOCIAL.split('\n')
      .filter((line) => /og:(title|description|image)"/.test(line))
      .join('\n');
    const result = score(`<!doctype html><html lang="en"><head>${head(openGraph)}</head><body>
      <main><h1>Sourdough bread</h1><p>${prose(220)}</p>
      <img src="/a.jpg" alt="Loaf"><img src="/b.jpg" alt="Crumb"><img src="/c.jpg" alt="Oven">
      <img src="/d.jpg" alt="Starter"><img src="/e.jpg" alt=""><img src="/f.jpg">
      <a href="/blog/starter">Read more</a></main></body></html>`);
    expect(result.score).toBeGreaterThanOrEqual(75);
    expect(result.score).toBeLessThanOrEqual(90);
  });

  it('puts a broken page well below 50', () => {
    const result = score(`<html><head><meta name="robots" content="noindex, nofollow"></head>
      <body><div id="app"></div><script src="/bundle.js"></script>
      <a href="javascript:void(0)">click here</a><img src="/hero.png"></body></html>`);
    expect(result.score).toBeLessThan(40);
    expect(result.issues[0]!.id).toBe('robots-meta');
  });
});
