/**
 * HTML building blocks shared by the page generators: head, site chrome (header, nav, footer),
 * and content sections (prose, lists, tables, figures, code, comments, product cards). Each
 * takes the page's PRNG, so every page differs but every run is identical.
 */
import type { Rng } from './prng.ts';
import { esc, paragraph, sentence, slug, title, words } from './text.ts';

export interface HeadSpec {
  origin: string;
  path: string;
  lang: string | null;
  title: string | null;
  description: string | null;
  canonical: 'self' | 'other' | 'none';
  viewport: boolean;
  openGraph: boolean;
  twitter: boolean;
  jsonLd: 'article' | 'product' | 'breadcrumbs' | 'organization' | 'broken' | 'none';
  hreflang: boolean;
  robots: string | null;
  inlineCssBytes: number;
  externalCss: boolean;
  /** Extra inline head scripts (analytics stubs, config blobs). */
  headScripts: string[];
}

/** Decides the SEO quality of a page: mostly decent, with the usual real-world slips. */
export function headSpec(rng: Rng, origin: string, path: string, pageTitle: string): HeadSpec {
  const titleText = rng.chance(0.04)
    ? null
    : rng.chance(0.15)
      ? `${pageTitle} | ${title(rng, 6)} | Crawlwise Bench Site`
      : `${pageTitle} | Bench Site`;
  const description = rng.chance(0.12)
    ? null
    : rng.chance(0.15)
      ? words(rng, 5)
      : `${sentence(rng)} ${sentence(rng)}`.slice(0, rng.int(80, 170));
  return {
    origin,
    path,
    lang: rng.chance(0.92) ? rng.pick(['en', 'en', 'en-US', 'en-GB', 'de']) : null,
    title: titleText,
    description,
    canonical: rng.chance(0.75) ? 'self' : rng.chance(0.4) ? 'other' : 'none',
    viewport: rng.chance(0.93),
    openGraph: rng.chance(0.7),
    twitter: rng.chance(0.5),
    jsonLd: rng.chance(0.35)
      ? 'none'
      : rng.chance(0.05)
        ? 'broken'
        : rng.pick(['article', 'product', 'breadcrumbs', 'organization'] as const),
    hreflang: rng.chance(0.2),
    robots: rng.chance(0.05) ? 'noindex, follow' : rng.chance(0.2) ? 'index, follow' : null,
    inlineCssBytes: Math.round(rng.logUniform(300, 30_000)),
    externalCss: rng.chance(0.5),
    headScripts: [],
  };
}

const CSS_PROPS = ['margin', 'padding', 'color', 'background', 'font-size', 'line-height', 'gap'];

export function inlineCss(rng: Rng, bytes: number): string {
  const rules: string[] = [
    'body{font-family:system-ui,sans-serif;margin:0}.visually-hidden{position:absolute;clip:rect(0 0 0 0)}',
  ];
  let size = rules[0]!.length;
  while (size < bytes) {
    const rule = `.c-${slug(words(rng, 2))}-${rng.int(1, 999)}{${CSS_PROPS.slice(0, rng.int(1, 4))
      .map((p) => `${p}:${rng.int(0, 48)}px`)
      .join(';')}}`;
    rules.push(rule);
    size += rule.length;
  }
  return `<style>${rules.join('\n')}</style>`;
}

export function analyticsStub(rng: Rng): string {
  return `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config','G-${rng.int(100000, 999999)}',{anonymize_ip:true});</script>`;
}

/** A chunk of generated (never executed) JavaScript, like an inlined vendor bundle. */
export function inlineBundle(rng: Rng, bytes: number): string {
  const out: string[] = ['<script>(function(){var m={};'];
  let size = 0;
  let n = 0;
  while (size < bytes) {
    const fn = `m.f${n++}=function(a,b){var r=a*${rng.int(2, 97)}+(b||0);if(r>${rng.int(100, 9999)}){return "${words(rng, 3)}"}return r.toString(${rng.pick([10, 16, 36])})};`;
    out.push(fn);
    size += fn.length;
  }
  out.push('window.__bundle=m;})();</script>');
  return out.join('\n');
}

function jsonLdFor(spec: HeadSpec, rng: Rng): string {
  const url = spec.origin + spec.path;
  let data: unknown;
  switch (spec.jsonLd) {
    case 'none':
      return '';
    case 'broken':
      return `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"${words(rng, 4)}",}</script>`;
    case 'article':
      data = {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: spec.title ?? 'Untitled',
        datePublished: `2024-0${rng.int(1, 9)}-1${rng.int(0, 9)}`,
        author: { '@type': 'Person', name: title(rng, 2) },
        image: [`${spec.origin}/img/hero-${rng.int(1, 99)}.jpg`],
        mainEntityOfPage: url,
      };
      break;
    case 'product':
      data = {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: title(rng, 3),
        sku: `SKU-${rng.int(1000, 9999)}`,
        offers: {
          '@type': 'Offer',
          price: (rng.int(500, 50000) / 100).toFixed(2),
          priceCurrency: 'EUR',
          availability: 'https://schema.org/InStock',
        },
        aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 87 },
      };
      break;
    case 'breadcrumbs':
      data = {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [1, 2, 3].map((position) => ({
          '@type': 'ListItem',
          position,
          name: title(rng, 2),
          item: `${spec.origin}/${slug(words(rng, 2))}`,
        })),
      };
      break;
    case 'organization':
      data = {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'Bench Site',
        url: spec.origin,
        logo: `${spec.origin}/img/logo.png`,
        sameAs: ['https://example.org/bench', 'https://example.net/bench'],
      };
      break;
  }
  return `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
}

export function head(spec: HeadSpec, rng: Rng): string {
  const url = spec.origin + spec.path;
  const parts: string[] = ['<meta charset="utf-8">'];
  if (spec.viewport)
    parts.push('<meta name="viewport" content="width=device-width, initial-scale=1">');
  if (spec.title !== null) parts.push(`<title>${esc(spec.title)}</title>`);
  if (spec.description !== null)
    parts.push(`<meta name="description" content="${esc(spec.description)}">`);
  if (spec.robots) parts.push(`<meta name="robots" content="${spec.robots}">`);
  if (spec.canonical === 'self') parts.push(`<link rel="canonical" href="${url}">`);
  if (spec.canonical === 'other')
    parts.push(`<link rel="canonical" href="${spec.origin}/${slug(words(rng, 3))}">`);
  if (spec.hreflang) {
    for (const lang of ['en', 'de', 'fr', 'x-default']) {
      parts.push(`<link rel="alternate" hreflang="${lang}" href="${url}?hl=${lang}">`);
    }
  }
  if (spec.openGraph) {
    parts.push(
      `<meta property="og:title" content="${esc(spec.title ?? title(rng))}">`,
      `<meta property="og:description" content="${esc(spec.description ?? sentence(rng))}">`,
      `<meta property="og:type" content="${rng.pick(['website', 'article'])}">`,
      `<meta property="og:url" content="${url}">`,
    );
    if (rng.chance(0.8))
      parts.push(
        `<meta property="og:image" content="${spec.origin}/img/og-${rng.int(1, 50)}.jpg">`,
      );
  }
  if (spec.twitter) {
    parts.push(
      `<meta name="twitter:card" content="${rng.pick(['summary', 'summary_large_image'])}">`,
      `<meta name="twitter:site" content="@benchsite">`,
    );
  }
  parts.push('<link rel="icon" href="/favicon.ico">');
  if (spec.externalCss) parts.push('<link rel="stylesheet" href="/static/site.css">');
  parts.push(inlineCss(rng, spec.inlineCssBytes));
  parts.push(jsonLdFor(spec, rng));
  parts.push(...spec.headScripts);
  return `<head>\n${parts.join('\n')}\n</head>`;
}

export function htmlOpen(spec: HeadSpec): string {
  return `<!DOCTYPE html>\n<html${spec.lang ? ` lang="${spec.lang}"` : ''}>`;
}

const SVG_ICON =
  '<svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true"><path d="M8 0l2 6h6l-5 4 2 6-5-4-5 4 2-6-5-4h6z"/></svg>';

/** Anchor with the usual variety: internal, external, vague text, empty or script hrefs. */
export function link(rng: Rng, text?: string): string {
  const r = rng.next();
  const label = text ?? words(rng, rng.int(1, 4));
  if (r < 0.6)
    return `<a href="/${slug(words(rng, 2)) || 'page'}-${rng.int(1, 999)}">${esc(label)}</a>`;
  if (r < 0.75)
    return `<a href="https://example.org/${slug(words(rng, 2))}" rel="noopener" target="_blank">${esc(label)}</a>`;
  if (r < 0.82)
    return `<a href="/more-${rng.int(1, 99)}">${rng.pick(['click here', 'read more', 'here', 'more'])}</a>`;
  if (r < 0.87) return `<a href="#">${esc(label)}</a>`;
  if (r < 0.9) return `<a href="javascript:void(0)" onclick="return false">${esc(label)}</a>`;
  if (r < 0.93)
    return `<span class="link" onclick="location.href='/x${rng.int(1, 99)}'">${esc(label)}</span>`;
  if (r < 0.96) return `<a href="/icon-${rng.int(1, 99)}">${SVG_ICON}</a>`;
  return `<a href="/section-${rng.int(1, 99)}#${slug(label)}">${esc(label)}</a>`;
}

export function img(rng: Rng, cls = 'img'): string {
  const r = rng.next();
  const alt = r < 0.7 ? ` alt="${esc(words(rng, rng.int(2, 8)))}"` : r < 0.85 ? ' alt=""' : '';
  const w = rng.pick([320, 480, 640, 800, 1200]);
  return `<img class="${cls}" src="/img/${slug(words(rng, 2))}-${rng.int(1, 9999)}.${rng.pick(['jpg', 'png', 'webp'])}"${alt} width="${w}" height="${Math.round(w * 0.6)}" loading="${rng.pick(['lazy', 'eager'])}">`;
}

export function siteHeader(rng: Rng): string {
  const items: string[] = [];
  const count = rng.int(5, 12);
  for (let i = 0; i < count; i++) items.push(`<li>${link(rng, title(rng, rng.int(1, 2)))}</li>`);
  const mega: string[] = [];
  if (rng.chance(0.4)) {
    // A hidden mega menu: many links, none visible until hover.
    const n = rng.int(20, 80);
    for (let i = 0; i < n; i++) mega.push(`<li>${link(rng)}</li>`);
  }
  return `<header class="site-header">
<a class="logo" href="/"><img src="/img/logo.png" alt="${rng.chance(0.7) ? 'Bench Site' : ''}" width="120" height="40"></a>
<nav aria-label="Main"><ul>${items.join('')}</ul>${mega.length ? `<div class="mega" style="display:none"><ul>${mega.join('')}</ul></div>` : ''}</nav>
<form role="search" action="/search"><label for="q" class="visually-hidden">Search</label><input id="q" name="q" type="search" placeholder="Search"><button type="submit">Search</button></form>
</header>`;
}

export function breadcrumbs(rng: Rng): string {
  const crumbs = ['<a href="/">Home</a>'];
  for (let i = 0; i < rng.int(1, 3); i++) crumbs.push(link(rng, title(rng, 2)));
  return `<nav class="breadcrumbs" aria-label="Breadcrumb">${crumbs.join(' › ')}</nav>`;
}

export function siteFooter(rng: Rng): string {
  const columns: string[] = [];
  for (let c = 0; c < rng.int(2, 5); c++) {
    const items: string[] = [];
    for (let i = 0; i < rng.int(3, 10); i++) items.push(`<li>${link(rng)}</li>`);
    columns.push(`<div class="col"><h4>${title(rng, 2)}</h4><ul>${items.join('')}</ul></div>`);
  }
  return `<footer class="site-footer">${columns.join('')}
<p class="social">${SVG_ICON}${SVG_ICON}${SVG_ICON}</p>
<p>© 2024 Bench Site. ${sentence(rng)}</p>
<div class="cookie-banner" hidden><p>${sentence(rng)}</p><button>Accept</button></div>
</footer>`;
}

export function sidebar(rng: Rng): string {
  const items: string[] = [];
  for (let i = 0; i < rng.int(4, 12); i++) items.push(`<li>${link(rng, title(rng))}</li>`);
  return `<aside class="sidebar"><h3>${title(rng, 2)}</h3><ul>${items.join('')}</ul><div class="ad">${img(rng, 'ad')}</div></aside>`;
}

/** A paragraph with inline markup and links sprinkled through. */
export function richParagraph(rng: Rng): string {
  const bits: string[] = [];
  for (let i = 0, n = rng.int(2, 7); i < n; i++) {
    const s = esc(sentence(rng));
    const r = rng.next();
    if (r < 0.25) bits.push(`${s} ${link(rng)}.`);
    else if (r < 0.35) bits.push(`<strong>${s}</strong>`);
    else if (r < 0.45) bits.push(`<em>${s}</em>`);
    else bits.push(s);
  }
  return `<p>${bits.join(' ')}</p>`;
}

export function list(rng: Rng): string {
  const tag = rng.chance(0.6) ? 'ul' : 'ol';
  const items: string[] = [];
  for (let i = 0, n = rng.int(3, 12); i < n; i++) {
    items.push(
      `<li>${rng.chance(0.3) ? link(rng, words(rng, rng.int(2, 6))) : esc(sentence(rng))}</li>`,
    );
  }
  return `<${tag}>${items.join('')}</${tag}>`;
}

export function table(rng: Rng, rows = rng.int(4, 25), cols = rng.int(3, 7)): string {
  const head: string[] = [];
  for (let c = 0; c < cols; c++) head.push(`<th scope="col">${title(rng, 1)}</th>`);
  const body: string[] = [];
  for (let r = 0; r < rows; r++) {
    const cells: string[] = [`<th scope="row">${title(rng, 2)}</th>`];
    for (let c = 1; c < cols; c++) {
      cells.push(
        `<td>${rng.chance(0.5) ? String(rng.int(0, 99999)) : rng.chance(0.1) ? link(rng) : esc(words(rng, rng.int(1, 4)))}</td>`,
      );
    }
    body.push(`<tr>${cells.join('')}</tr>`);
  }
  return `<table class="data"><caption>${esc(sentence(rng))}</caption><thead><tr>${head.join('')}</tr></thead><tbody>${body.join('\n')}</tbody></table>`;
}

export function figure(rng: Rng): string {
  return `<figure>${img(rng)}<figcaption>${esc(sentence(rng))}</figcaption></figure>`;
}

export function codeBlock(rng: Rng): string {
  const lines: string[] = [];
  for (let i = 0, n = rng.int(4, 30); i < n; i++) {
    lines.push(
      `${' '.repeat(rng.int(0, 3) * 2)}const ${slug(words(rng, 1)).replace(/-/g, '_') || 'x'}${i} = await fetch("/api/${slug(words(rng, 2))}?n=${i}") && a < b;`,
    );
  }
  return `<pre><code class="language-js">${esc(lines.join('\n'))}</code></pre>`;
}

export function blockquote(rng: Rng): string {
  return `<blockquote><p>${esc(paragraph(rng, rng.int(1, 3)))}</p><cite>${title(rng, 2)}</cite></blockquote>`;
}

export function section(rng: Rng, level: 2 | 3 = 2): string {
  const parts: string[] = [
    `<section><h${level} id="s-${rng.int(1, 1e6)}">${esc(title(rng))}</h${level}>`,
  ];
  for (let i = 0, n = rng.int(1, 5); i < n; i++) {
    const r = rng.next();
    if (r < 0.55) parts.push(richParagraph(rng));
    else if (r < 0.68) parts.push(list(rng));
    else if (r < 0.76) parts.push(figure(rng));
    else if (r < 0.84) parts.push(table(rng));
    else if (r < 0.9) parts.push(blockquote(rng));
    else if (r < 0.95)
      parts.push(
        `<details><summary>${esc(title(rng))}</summary><p>${esc(paragraph(rng))}</p></details>`,
      );
    else parts.push(`<div class="modal" style="display: none"><p>${esc(paragraph(rng))}</p></div>`);
  }
  parts.push('</section>');
  return parts.join('\n');
}

export function productCard(rng: Rng): string {
  const name = title(rng, rng.int(2, 4));
  return `<div class="card"><a href="/products/${slug(name)}-${rng.int(1, 9999)}">${img(rng, 'thumb')}</a><h3><a href="/products/${slug(name)}">${esc(name)}</a></h3><p class="price">€${(rng.int(199, 99999) / 100).toFixed(2)}</p><p class="rating" aria-label="Rated ${rng.int(1, 5)} out of 5">★★★★☆</p><button type="button" data-sku="${rng.int(1000, 9999)}">Add to cart</button></div>`;
}

export function comment(rng: Rng): string {
  const name = title(rng, 2);
  return `<article class="comment" id="c${rng.int(1, 1e7)}"><header>${rng.chance(0.7) ? img(rng, 'avatar') : ''}<a href="/u/${slug(name)}">${esc(name)}</a> <time datetime="2024-0${rng.int(1, 9)}-1${rng.int(0, 9)}">${rng.int(1, 28)} days ago</time></header>${rng.chance(0.2) ? blockquote(rng) : ''}<p>${esc(paragraph(rng, rng.int(1, 6)))}</p><footer><a href="#reply">Reply</a> · <span>${rng.int(0, 300)} likes</span></footer></article>`;
}

export function headlineItem(rng: Rng): string {
  const t = title(rng, rng.int(4, 10));
  return `<li>${rng.chance(0.3) ? img(rng, 'thumb') : ''}<a href="/news/2024/${slug(t)}">${esc(t)}</a> <time>${rng.int(1, 23)}h</time>${rng.chance(0.4) ? `<p>${esc(sentence(rng))}</p>` : ''}</li>`;
}
