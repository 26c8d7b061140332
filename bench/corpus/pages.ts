/**
 * The benchmark corpus: about sixty pages of different kinds and sizes (5 KB to 2 MB), generated
 * from a seed when the bench starts. Server-rendered kinds fill a realistic template (head with
 * metadata, site chrome, content sections) until they reach their target size; script-rendered
 * kinds send an app shell whose content is built in the browser, some after fetching JSON.
 */
import { gzipSync } from 'node:zlib';
import {
  analyticsStub,
  blockquote,
  breadcrumbs,
  codeBlock,
  comment,
  figure,
  type HeadSpec,
  head,
  headlineItem,
  headSpec,
  htmlOpen,
  inlineBundle,
  list,
  productCard,
  richParagraph,
  section,
  sidebar,
  siteFooter,
  siteHeader,
  table,
} from './blocks.ts';
import {
  appData,
  appNav,
  dataIslandScript,
  externalAppJs,
  fetchScript,
  hybridScript,
  inlineGeneratorScript,
  trackerScript,
  waterfallScript,
} from './client.ts';
import { createRng, type Rng } from './prng.ts';
import { esc, paragraph, sentence, slug, title, words } from './text.ts';

export type PageKind =
  | 'landing'
  | 'article'
  | 'product'
  | 'docs'
  | 'news'
  | 'forum'
  | 'catalog'
  | 'reference'
  | 'archive'
  | 'spa-inline'
  | 'spa-data'
  | 'spa-fetch'
  | 'spa-waterfall'
  | 'spa-external'
  | 'hybrid';

/** Kinds whose main content exists only after script runs. */
export const SCRIPT_RENDERED: ReadonlySet<PageKind> = new Set([
  'spa-inline',
  'spa-data',
  'spa-fetch',
  'spa-waterfall',
  'spa-external',
]);

export interface Asset {
  body: Buffer;
  contentType: string;
  /** Pre-compressed body, sent when the client accepts gzip. */
  gzipped: Buffer | null;
}

export interface CorpusPage {
  id: number;
  path: string;
  kind: PageKind;
  /** The target size the generator aimed at, in bytes. */
  targetBytes: number;
  /** Size of the HTML as served uncompressed. */
  bytes: number;
  /** Size on the wire when gzip is used. */
  gzipBytes: number | null;
  scriptRendered: boolean;
  /** Requests the page's own script makes to this server (API, app bundle). */
  fetchesJson: boolean;
  /** Disallowed for Googlebot by the corpus robots.txt. */
  disallowed: boolean;
  asset: Asset;
}

export interface Corpus {
  seed: string;
  origin: string;
  pages: CorpusPage[];
  /** Everything else the server answers: /api/*.json, /static/*.js|css, robots.txt. */
  assets: Map<string, Asset>;
  totalBytes: number;
}

/** How many pages of each kind, and their size range in KB (spread log-evenly over it). */
const PLAN: ReadonlyArray<{ kind: PageKind; count: number; kb: [number, number] }> = [
  { kind: 'landing', count: 4, kb: [5, 18] },
  { kind: 'article', count: 10, kb: [20, 200] },
  { kind: 'product', count: 6, kb: [20, 200] },
  { kind: 'docs', count: 6, kb: [20, 200] },
  { kind: 'news', count: 4, kb: [40, 200] },
  { kind: 'forum', count: 4, kb: [30, 200] },
  { kind: 'article', count: 2, kb: [220, 480] },
  { kind: 'docs', count: 2, kb: [250, 450] },
  { kind: 'catalog', count: 2, kb: [600, 1400] },
  { kind: 'reference', count: 2, kb: [500, 2048] },
  { kind: 'archive', count: 1, kb: [900, 900] },
  { kind: 'forum', count: 1, kb: [1990, 1990] },
  { kind: 'spa-inline', count: 3, kb: [5, 12] },
  { kind: 'spa-data', count: 3, kb: [25, 300] },
  { kind: 'spa-fetch', count: 3, kb: [5, 10] },
  { kind: 'spa-waterfall', count: 2, kb: [5, 8] },
  { kind: 'spa-external', count: 2, kb: [5, 8] },
  { kind: 'hybrid', count: 3, kb: [20, 120] },
];

const SECTION_PATH: Record<PageKind, string> = {
  landing: '',
  article: '/blog',
  product: '/products',
  docs: '/docs',
  news: '/news',
  forum: '/forum/t',
  catalog: '/catalog',
  reference: '/reference',
  archive: '/archive',
  'spa-inline': '/app',
  'spa-data': '/app',
  'spa-fetch': '/app',
  'spa-waterfall': '/app',
  'spa-external': '/app',
  hybrid: '/stories',
};

const LANDING_PATHS = ['/', '/pricing', '/features', '/about'];

function asset(body: string | Buffer, contentType: string, gzip: boolean): Asset {
  const buffer = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return { body: buffer, contentType, gzipped: gzip ? gzipSync(buffer, { level: 6 }) : null };
}

/** Appends blocks from `next` until the parts reach `bytes` characters (at least two blocks). */
function fill(parts: string[], bytes: number, next: () => string): void {
  let size = 0;
  for (const p of parts) size += p.length;
  while (size < bytes || parts.length < 2) {
    const block = next();
    parts.push(block);
    size += block.length;
  }
}

interface Built {
  html: string;
  fetchesJson: boolean;
}

interface Ctx {
  rng: Rng;
  origin: string;
  path: string;
  id: number;
  kind: PageKind;
  targetBytes: number;
  assets: Map<string, Asset>;
}

/** The server-rendered template: head, header, main (filled by `content`), sidebar, footer. */
function serverPage(
  ctx: Ctx,
  pageTitle: string,
  content: (rng: Rng) => string,
  extraBody = '',
): Built {
  const { rng } = ctx;
  const spec: HeadSpec = headSpec(rng, ctx.origin, ctx.path, pageTitle);
  // Inline CSS and bundles stay a fraction of the page, so small pages stay small.
  spec.inlineCssBytes = Math.min(spec.inlineCssBytes, Math.round(ctx.targetBytes * 0.15));
  if (rng.chance(0.7)) spec.headScripts.push(analyticsStub(rng));
  if (rng.chance(0.25)) {
    const bundle = Math.min(rng.logUniform(5_000, 80_000), ctx.targetBytes * 0.3);
    spec.headScripts.push(inlineBundle(rng, Math.round(bundle)));
  }
  const top = [
    htmlOpen(spec),
    head(spec, rng),
    '<body>',
    siteHeader(rng),
    rng.chance(0.6) ? breadcrumbs(rng) : '',
    '<main>',
    rng.chance(0.9) ? `<h1>${esc(pageTitle)}</h1>` : `<div class="title">${esc(pageTitle)}</div>`,
    rng.chance(0.08) ? `<h1>${esc(title(rng))}</h1>` : '',
  ];
  const side = rng.chance(0.5) ? sidebar(rng) : '';
  const footer = siteFooter(rng);
  const tail = [
    '</main>',
    side,
    footer,
    extraBody,
    rng.chance(0.15) ? trackerScript(rng) : '',
    rng.chance(0.3)
      ? `<script>document.addEventListener('DOMContentLoaded',function(){var b=document.querySelector('.cookie-banner');if(b&&!localStorage.getItem('ok'))b.hidden=false;});</script>`
      : '',
    '</body>\n</html>\n',
  ];
  const fixed = top.join('\n').length + tail.join('\n').length;
  const body: string[] = [];
  fill(body, ctx.targetBytes - fixed, () => content(rng));
  return { html: [...top, ...body, ...tail].join('\n'), fetchesJson: false };
}

function appShell(ctx: Ctx, shellTitle: string | null, scripts: string, noscript: boolean): string {
  const { rng } = ctx;
  const spec = headSpec(rng, ctx.origin, ctx.path, shellTitle ?? 'App');
  spec.title = shellTitle;
  spec.jsonLd = 'none';
  spec.inlineCssBytes = Math.min(spec.inlineCssBytes, 3_000);
  if (rng.chance(0.6)) spec.headScripts.push(analyticsStub(rng));
  return [
    htmlOpen(spec),
    head(spec, rng),
    '<body>',
    '<div id="root"></div>',
    noscript ? '<noscript>You need to enable JavaScript to run this app.</noscript>' : '',
    scripts,
    '</body>\n</html>\n',
  ].join('\n');
}

/** Pads an app shell with an inline bundle up to the target size (the shell itself is ~3 KB). */
function padShell(ctx: Ctx, scripts: string): string {
  const room = ctx.targetBytes - scripts.length - 3_000;
  return room > 500 ? `${inlineBundle(ctx.rng, room)}\n${scripts}` : scripts;
}

function build(ctx: Ctx): Built {
  const { rng, id, assets } = ctx;
  const pageTitle = title(rng);
  switch (ctx.kind) {
    case 'landing':
      return serverPage(ctx, pageTitle, (r) =>
        r.chance(0.3)
          ? `<section class="features">${[1, 2, 3].map(() => `<div class="feature">${figure(r)}<h3>${esc(title(r, 3))}</h3><p>${esc(sentence(r))}</p></div>`).join('')}</section>`
          : r.chance(0.5)
            ? `<section class="hero"><h2>${esc(title(r))}</h2><p>${esc(paragraph(r, 2))}</p><a class="cta" href="/signup">Start free</a></section>`
            : richParagraph(r),
      );
    case 'article':
      return serverPage(ctx, pageTitle, (r) => {
        const x = r.next();
        if (x < 0.55) return richParagraph(r);
        if (x < 0.75) return section(r, r.chance(0.7) ? 2 : 3);
        if (x < 0.85) return figure(r);
        if (x < 0.92) return list(r);
        return blockquote(r);
      });
    case 'product':
      return serverPage(ctx, pageTitle, (r) => {
        const x = r.next();
        if (x < 0.35)
          return `<div class="grid">${Array.from({ length: r.int(4, 12) }, () => productCard(r)).join('')}</div>`;
        if (x < 0.55) return table(r, r.int(5, 20), 2);
        if (x < 0.8) return comment(r);
        return section(r);
      });
    case 'docs':
      return serverPage(ctx, pageTitle, (r) => {
        const x = r.next();
        if (x < 0.3) return section(r, r.chance(0.5) ? 2 : 3);
        if (x < 0.55) return codeBlock(r);
        if (x < 0.7) return table(r);
        if (x < 0.85) return richParagraph(r);
        return `<div class="note" role="note"><p>${esc(paragraph(r, 2))}</p></div>`;
      });
    case 'news':
      return serverPage(ctx, pageTitle, (r) =>
        r.chance(0.7)
          ? `<section class="stories"><h2>${esc(title(r, 2))}</h2><ul>${Array.from({ length: r.int(5, 20) }, () => headlineItem(r)).join('')}</ul></section>`
          : figure(r),
      );
    case 'forum':
      return serverPage(ctx, pageTitle, (r) => comment(r));
    case 'catalog':
      return serverPage(ctx, pageTitle, (r) =>
        r.chance(0.8)
          ? `<div class="grid">${Array.from({ length: 24 }, () => productCard(r)).join('')}</div><nav class="pager"><a href="?page=2">Next</a></nav>`
          : table(r, 40, 6),
      );
    case 'reference':
      return serverPage(ctx, pageTitle, (r) =>
        r.chance(0.5)
          ? table(r, r.int(20, 60), r.int(4, 8))
          : `<section><h3 id="api-${r.int(1, 1e6)}"><code>${slug(words(r, 2)).replace(/-/g, '.')}()</code></h3>${richParagraph(r)}${codeBlock(r)}</section>`,
      );
    case 'archive':
      return serverPage(
        ctx,
        pageTitle,
        (r) =>
          `<h2>${esc(title(r, 2))}</h2>${list(r)}<ul>${Array.from({ length: 30 }, () => headlineItem(r)).join('')}</ul>`,
      );
    case 'hybrid': {
      const api = `/api/related/${id}.json`;
      const related = {
        heading: title(rng, 3),
        items: Array.from({ length: rng.int(8, 30) }, () => {
          const text = title(rng, 5);
          return { href: `/stories/${slug(text)}`, text, summary: paragraph(rng, 2) };
        }),
      };
      assets.set(api, asset(JSON.stringify(related), 'application/json', rng.chance(0.5)));
      const built = serverPage(
        ctx,
        pageTitle,
        (r) => (r.chance(0.7) ? richParagraph(r) : section(r)),
        `<div id="related" aria-live="polite"></div>${hybridScript(api)}`,
      );
      return { ...built, fetchesJson: true };
    }
    case 'spa-inline': {
      const sections = rng.int(15, 60);
      const script = inlineGeneratorScript(rng.int(1, 2 ** 31), sections);
      return {
        html: appShell(ctx, rng.chance(0.5) ? 'Loading…' : null, padShell(ctx, script), true),
        fetchesJson: false,
      };
    }
    case 'spa-data': {
      const data = appData(rng, ctx.targetBytes - 8_000, true);
      return {
        html: appShell(ctx, data.title, dataIslandScript(data), rng.chance(0.5)),
        fetchesJson: false,
      };
    }
    case 'spa-fetch': {
      const api = `/api/pages/${id}.json`;
      const data = appData(rng, Math.round(rng.logUniform(10_000, 300_000)), true);
      assets.set(api, asset(JSON.stringify(data), 'application/json', rng.chance(0.5)));
      return {
        html: appShell(ctx, null, padShell(ctx, fetchScript(api)), true),
        fetchesJson: true,
      };
    }
    case 'spa-waterfall': {
      const nav = `/api/nav/${id}.json`;
      const api = `/api/pages/${id}.json`;
      assets.set(nav, asset(JSON.stringify(appNav(rng)), 'application/json', false));
      const data = appData(rng, Math.round(rng.logUniform(20_000, 150_000)), false);
      assets.set(api, asset(JSON.stringify(data), 'application/json', true));
      return {
        html: appShell(ctx, data.title, padShell(ctx, waterfallScript(nav, api)), false),
        fetchesJson: true,
      };
    }
    case 'spa-external': {
      const api = `/api/pages/${id}.json`;
      const js = `/static/app-${id}.js`;
      const data = appData(rng, Math.round(rng.logUniform(20_000, 200_000)), true);
      assets.set(api, asset(JSON.stringify(data), 'application/json', true));
      assets.set(js, asset(externalAppJs(api), 'text/javascript; charset=utf-8', true));
      return {
        html: appShell(
          ctx,
          'Bench App',
          padShell(ctx, `<script src="${js}" defer></script>`),
          true,
        ),
        fetchesJson: true,
      };
    }
  }
}

const ROBOTS_TXT = `# Bench corpus robots.txt
User-agent: *
Disallow: /private/
Disallow: /search
Allow: /

User-agent: Googlebot
Disallow: /private/
Disallow: /*?sessionid=

Sitemap: /sitemap.xml
`;

const SITE_CSS = `body{margin:0;font:16px/1.5 system-ui,sans-serif}header,footer{padding:1rem}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:1rem}
.card img{max-width:100%;height:auto}table{border-collapse:collapse}td,th{padding:.25rem .5rem}
`;

export function generateCorpus(seed: string, origin: string): Corpus {
  const root = createRng(seed);
  const assets = new Map<string, Asset>();
  assets.set('/robots.txt', asset(ROBOTS_TXT, 'text/plain; charset=utf-8', false));
  assets.set('/static/site.css', asset(SITE_CSS, 'text/css; charset=utf-8', true));

  const pages: CorpusPage[] = [];
  let id = 0;
  for (const group of PLAN) {
    for (let i = 0; i < group.count; i++) {
      const rng = root.fork(`${group.kind}:${id}`);
      // Log-even spread over the range, with a little jitter inside each step.
      const [lo, hi] = group.kb;
      const position = group.count === 1 ? 0.5 : (i + 0.15 + rng.next() * 0.7) / group.count;
      const kb =
        group.count === 1 ? lo : Math.exp(Math.log(lo) + position * (Math.log(hi) - Math.log(lo)));
      const targetBytes = Math.round(kb * 1024);
      let path: string;
      if (group.kind === 'landing') path = LANDING_PATHS[i] ?? `/l${id}`;
      else path = `${SECTION_PATH[group.kind]}/${slug(words(rng, rng.int(2, 5))) || 'page'}-${id}`;
      // One ordinary article lives where robots.txt disallows it.
      const disallowed = group.kind === 'article' && i === 3;
      if (disallowed) path = `/private${path}`;
      const ctx: Ctx = { rng, origin, path, id, kind: group.kind, targetBytes, assets };
      const built = build(ctx);
      // About a third of the pages are served gzip-compressed (when the client accepts it).
      const gzip = rng.chance(0.35) || targetBytes > 400 * 1024;
      const page = asset(built.html, 'text/html; charset=utf-8', gzip);
      pages.push({
        id,
        path,
        kind: group.kind,
        targetBytes,
        bytes: page.body.length,
        gzipBytes: page.gzipped?.length ?? null,
        scriptRendered: SCRIPT_RENDERED.has(group.kind),
        fetchesJson: built.fetchesJson,
        disallowed,
        asset: page,
      });
      id++;
    }
  }
  const totalBytes = pages.reduce((sum, p) => sum + p.bytes, 0);
  return { seed, origin, pages, assets, totalBytes };
}
