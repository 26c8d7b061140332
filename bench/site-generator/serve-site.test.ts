import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSite } from './generate-site.ts';
import { rebase, type ServedSite, serveSite } from './serve-site.ts';

/** The 300-page site served on loopback; every request below goes to 127.0.0.1. */
const site = generateSite({ pages: 300, seed: 'served', origin: 'https://site.test' });
let served: ServedSite;

beforeAll(async () => {
  served = await serveSite(site);
});
afterAll(async () => {
  await served.close();
});

const get = (path: string, init?: RequestInit) =>
  fetch(new URL(path, served.url), {
    redirect: 'manual',
    signal: AbortSignal.timeout(5_000),
    ...init,
  });

describe('serveSite', () => {
  it('listens on 127.0.0.1 and moves the manifest onto the served origin', () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(served.expected.startUrl).toBe(served.url);
    expect(JSON.stringify(served.expected)).not.toContain('https://site.test');
    expect(served.expected.crawl.requested.length).toBe(site.expected.crawl.requested.length);
  });

  it('serves the home page with absolute addresses on the served origin', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = await response.text();
    expect(body).toContain(`<link rel="canonical" href="${served.url}">`);
    expect(body).not.toContain('https://site.test');
    expect(body).toBe(
      rebase(site.responses.get('/')!.body, 'https://site.test', served.url.slice(0, -1)),
    );
  });

  it('serves robots.txt and the sitemap it names', async () => {
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${served.url}sitemap.xml`);
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${served.url}</loc>`);
  });

  it('answers a planted broken link with its status, and an unknown path with 404', async () => {
    const [broken] = served.expected.findings['broken-internal-links'];
    expect((await get(new URL(broken!.url).pathname)).status).toBe(broken!.status);
    expect((await get('/no/such/page')).status).toBe(404);
  });

  it('redirects to the served origin', async () => {
    const chains = new Set(served.expected.affected['redirect-chains']);
    const redirect = served.expected.findings['redirected-internal-links'].find(
      (link) => !chains.has(link.url),
    );
    const response = await get(new URL(redirect!.url).pathname);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(redirect!.finalUrl);
  });

  it('answers HEAD with the headers of GET and no body, and refuses other methods', async () => {
    const head = await get('/about', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(
      Buffer.byteLength(await (await get('/about')).text()),
    );
    expect(await head.text()).toBe('');
    expect((await get('/about', { method: 'POST' })).status).toBe(405);
  });

  it('counts the requests it answers', () => {
    expect(served.requests.get('/')).toBeGreaterThan(0);
    expect(served.requests.get('/no/such/page')).toBe(1);
  });
});
