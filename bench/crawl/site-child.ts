/**
 * Child-process entry serving the generated crawl site (bench/site-generator) for
 * `npm run bench:crawl`, so generating and serving 10,000 pages costs nothing in the processes
 * measured. Started with fork() by site-process.ts: argv is `<pages> <seed> <maxAddresses>`.
 *
 * A crawl is capped at a number of addresses (the CLI's and the server's ceiling, 10,000), and
 * the site has its non-200 and blocked addresses on top of its pages; so when the manifest
 * asks for more requests than the cap, the site is generated again with that many fewer pages,
 * until a complete crawl fits under the cap (the benchmark compares every finding with the
 * manifest, which only a complete crawl can match).
 */
import { VERIFICATION_FILE_PATH } from '@crawlwise/shared/site-verification';
import { type GeneratedSite, generateSite } from '../site-generator/generate-site.ts';
import { serveSite } from '../site-generator/serve-site.ts';
import { crawlAddresses } from './run-support.ts';
import type { SiteChildMessage, SiteParentMessage } from './site-messages.ts';

const [pagesArg, seed = 'crawlwise-site-v1', capArg] = process.argv.slice(2);
const asked = Number(pagesArg ?? 10_000);
const cap = Number(capArg ?? Number.POSITIVE_INFINITY);

const started = performance.now();
let pages = asked;
let site: GeneratedSite = generateSite({ pages, seed, origin: 'https://site.test' });
for (let tries = 0; crawlAddresses(site.expected) > cap && tries < 5; tries++) {
  pages -= crawlAddresses(site.expected) - cap;
  site = generateSite({ pages, seed, origin: 'https://site.test' });
}
const generateMs = Math.round(performance.now() - started);
const served = await serveSite(site);
let bodyBytes = 0;
for (const response of site.responses.values()) bodyBytes += Buffer.byteLength(response.body);

const send = (message: SiteChildMessage) => process.send?.(message);
send({
  type: 'ready',
  url: served.url,
  pages,
  seed,
  generateMs,
  bodyBytes,
  expected: served.expected,
});

process.on('message', (message: SiteParentMessage) => {
  if (message.type === 'verification-token') {
    // The file proof of site ownership: not linked and not in the sitemap, so no crawl sees it.
    site.responses.set(VERIFICATION_FILE_PATH, {
      status: 200,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: `${message.token}\n`,
    });
    send({ type: 'verification-ready' });
  } else if (message.type === 'requests') {
    send({ type: 'requests', requests: Object.fromEntries(served.requests) });
  } else if (message.type === 'reset') {
    served.requests.clear();
    send({ type: 'reset-done' });
  }
});
process.on('disconnect', () => {
  void served.close().then(() => process.exit(0));
});
