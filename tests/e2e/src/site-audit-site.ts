import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small shop site (about 90 pages) for the audit workspace's end-to-end test, served on
 * 127.0.0.1. Small enough to crawl in seconds, with one of each thing the views show: broken and
 * redirected internal links from two sections, a noindex page, an orphan listed only in the
 * sitemap, a chain of deep pages, and two near-duplicate product pages. `remove` takes a page
 * away between two crawls (it then answers 404), for the compare view.
 */

export interface AuditSite {
  origin: string;
  remove(path: string): void;
  close(): Promise<void>;
}

const PRODUCTS = 40;
const POSTS = 30;
const DEEP = 7;

const words = (seed: number, count: number) => {
  const pool = [
    'oak',
    'table',
    'chair',
    'walnut',
    'finish',
    'joinery',
    'handmade',
    'workshop',
    'delivery',
    'linseed',
    'dovetail',
    'cabinet',
    'drawer',
    'shelf',
    'bench',
    'grain',
  ];
  return Array.from({ length: count }, (_, at) => pool[(seed * 7 + at * 3 + at * at) % 16]).join(
    ' ',
  );
};

function page(title: string, body: string, { noindex = false } = {}): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<meta name="description" content="${title}: handmade oak furniture from a small workshop, with prices.">
${noindex ? '<meta name="robots" content="noindex">' : ''}
</head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

const list = (links: Array<[string, string]>) =>
  `<ul>${links.map(([href, text]) => `<li><a href="${href}">${text}</a></li>`).join('')}</ul>`;

function pages(): Map<string, () => string> {
  const site = new Map<string, () => string>();
  const products = Array.from({ length: PRODUCTS }, (_, at) => `/shop/${at + 1}`);
  const posts = Array.from({ length: POSTS }, (_, at) => `/blog/${at + 1}`);
  site.set('/', () =>
    page(
      'Oak furniture workshop',
      `<p>${words(1, 120)}</p>${list([
        ['/shop', 'Shop'],
        ['/blog', 'Blog'],
        ['/about', 'About us'],
        ['/old-sale', 'Sale'],
        ['/deep/1', 'Archive'],
      ])}`,
    ),
  );
  site.set('/shop', () =>
    page(
      'Shop',
      `<p>${words(2, 80)}</p>${list([
        ...products.map((path, at): [string, string] => [path, `Product ${at + 1}`]),
        ['/shop/dup-a', 'Red oak chair'],
        ['/shop/dup-b', 'Blue oak chair'],
        ['/shop/discontinued', 'Discontinued table'],
      ])}`,
    ),
  );
  products.forEach((path, at) => {
    site.set(path, () =>
      page(`Product ${at + 1}`, `<p>${words(at + 10, 150 + at)}</p>${list([['/shop', 'Back']])}`),
    );
  });
  const chair = (colour: string) =>
    page(
      `${colour} oak chair`,
      `<p>${'A handmade oak chair with a woven seat, finished in linseed oil and delivered assembled. '.repeat(12)}</p><p>Painted ${colour.toLowerCase()}.</p>${list([['/shop', 'Back']])}`,
    );
  site.set('/shop/dup-a', () => chair('Red'));
  site.set('/shop/dup-b', () => chair('Blue'));
  site.set('/blog', () =>
    page(
      'Blog',
      `<p>${words(3, 80)}</p>${list(posts.map((path, at) => [path, `Post ${at + 1}`]))}`,
    ),
  );
  posts.forEach((path, at) => {
    site.set(path, () =>
      page(
        `Workshop notes ${at + 1}`,
        `<p>${words(at + 60, 200)}</p>${list([
          ['/blog', 'All posts'],
          // Every fifth post links to a page that is gone and to an address that redirects.
          ...(at % 5 === 0
            ? ([
                ['/blog/removed-post', 'An old post'],
                ['/old-sale', 'Last year’s sale'],
              ] as Array<[string, string]>)
            : []),
        ])}`,
      ),
    );
  });
  site.set('/about', () =>
    page('About us', `<p>${words(4, 140)}</p>${list([['/private', 'Staff']])}`),
  );
  site.set('/private', () => page('Staff only', `<p>${words(5, 90)}</p>`, { noindex: true }));
  site.set('/hidden', () => page('Hidden offer', `<p>${words(6, 90)}</p>`));
  for (let depth = 1; depth <= DEEP; depth++) {
    site.set(`/deep/${depth}`, () =>
      page(
        `Archive ${depth}`,
        `<p>${words(depth + 90, 110)}</p>${depth < DEEP ? list([[`/deep/${depth + 1}`, 'Older']]) : ''}`,
      ),
    );
  }
  return site;
}

export async function serveAuditSite(): Promise<AuditSite> {
  const site = pages();
  let origin = '';
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/robots.txt') {
      response
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(`User-agent: *\nDisallow:\nSitemap: ${origin}/sitemap.xml\n`);
      return;
    }
    if (path === '/sitemap.xml') {
      const listed = ['/', '/shop', '/blog', '/about', '/hidden'];
      response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${listed
            .map((each) => `<url><loc>${origin}${each}</loc></url>`)
            .join('')}</urlset>`,
        );
      return;
    }
    if (path === '/old-sale') {
      response.writeHead(301, { location: '/shop' }).end();
      return;
    }
    const render = site.get(path);
    if (!render) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(render());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    remove: (path) => void site.delete(path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
