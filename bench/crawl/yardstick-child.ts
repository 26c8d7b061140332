/**
 * The yardstick of `npm run bench:crawl` (issue 19, item 8): crawlee's CheerioCrawler doing
 * only what any crawler must — fetch, parse, extract and enqueue the same-host links — over the
 * same site at the same concurrency, in a process of its own (its memory is measured like the
 * CLI's). No checks, no link graph, no findings, no sitemap. robots.txt is obeyed as our crawl
 * obeys it; retries are off (a 404 or 500 is an answer, as for our crawl), storage in memory.
 *
 *   node --import tsx bench/crawl/yardstick-child.ts <start url> <concurrency> <max requests>
 *
 * Prints one line of JSON: requests handled, failed, and the crawl's duration.
 */
import { CheerioCrawler, Configuration, LogLevel, log } from '@crawlee/cheerio';

const [startUrl, concurrencyArg = '8', maxArg = '10000'] = process.argv.slice(2);
if (!startUrl) throw new Error('usage: yardstick-child.ts <start url> <concurrency> <max>');
const concurrency = Number(concurrencyArg);

log.setLevel(LogLevel.OFF);
let handled = 0;
let failed = 0;
let bytes = 0;
const crawler = new CheerioCrawler(
  {
    minConcurrency: concurrency,
    maxConcurrency: concurrency,
    maxRequestsPerCrawl: Number(maxArg),
    maxRequestRetries: 0,
    respectRobotsTxtFile: true,
    async requestHandler({ $, body, enqueueLinks }) {
      handled += 1;
      bytes += body.length;
      // Parsed by cheerio before the handler runs; the links come from the parsed document.
      if ($('a[href]').length > 0) await enqueueLinks({ strategy: 'same-hostname' });
    },
    failedRequestHandler() {
      failed += 1;
    },
  },
  new Configuration({ persistStorage: false, purgeOnStart: true }),
);
const started = performance.now();
await crawler.run([startUrl]);
const durationMs = Math.round(performance.now() - started);
process.stdout.write(`${JSON.stringify({ handled, failed, bytes, durationMs })}\n`);
// crawlee leaves timers behind (statistics, snapshots): the answer is out, so end here.
process.exit(0);
