import {
  CRAWL_PAGES_CEILING,
  DEFAULT_CRAWL_DEPTH,
  MAX_CRAWL_DEPTH,
} from '@crawlwise/shared/site-check';
import {
  DEFAULT_BATCH_CONCURRENCY,
  DEFAULT_MAX_PAGES,
  DEFAULT_PER_HOST_DELAY_MS,
  MAX_BATCH_CONCURRENCY,
} from '../batch/defaults.ts';

/** Kept here rather than imported: the help must load nothing else (external-links.ts checks). */
export const DEFAULT_MAX_EXTERNAL_LINKS = 500;
export const MAX_EXTERNAL_LINKS_CEILING = 5_000;

/**
 * The help of `crawlwise crawl`, apart from its parser so the CLI's entry can print it in
 * --help without loading anything else (the parser reads the site findings' catalogue).
 */

/** The longest --per-host-delay accepted, as for a batch run. */
export const MAX_PER_HOST_DELAY_MS = 60_000;

export const CRAWL_USAGE = `Crawl a whole site by its links:
  crawlwise crawl <url> [options]

Starts at <url>, adds the pages of the site's sitemap, follows the internal links of every page
it analyses (also the links only the rendered page has), obeys robots.txt and reports the site
score and the problems between pages (broken links, redirects, orphans, deep pages, canonicals,
hreflang, near-duplicates, sitemap gaps...).

  --max-pages N         analyse at most N addresses, 1-${CRAWL_PAGES_CEILING} (default ${DEFAULT_MAX_PAGES})
  --max-depth N         follow links at most N clicks from <url>, 0-${MAX_CRAWL_DEPTH} (default ${DEFAULT_CRAWL_DEPTH})
  --include PATTERN     only pages whose path (and query) matches; * matches anything (repeat)
  --exclude PATTERN     leave out pages whose path matches; wins over --include (repeat)
  --include-subdomains  also follow links to the site's subdomains
  --follow-nofollow     also follow rel="nofollow" links (they are reported either way)
  --concurrency N       pages in flight at once, 1-${MAX_BATCH_CONCURRENCY} (default ${DEFAULT_BATCH_CONCURRENCY})
  --per-host-delay MS   least time between two page fetches on one host (default ${DEFAULT_PER_HOST_DELAY_MS});
                        a robots.txt Crawl-delay or a 429/503 answer makes it longer
  --check-external      also ask each external target once how it answers (GET, body unread,
                        paced per host, robots.txt obeyed): the broken-external-links finding
  --max-external N      external targets checked at most, 1-${MAX_EXTERNAL_LINKS_CEILING} (default ${DEFAULT_MAX_EXTERNAL_LINKS});
                        giving it turns the check on
  --render, --no-render render each page in a headless browser, or not (default: render)
  --format <f>          summary (default), json, markdown, html or sarif
  --json                shorthand for --format json
  --output <file>       write the report to <file> instead of stdout
  --fail-on <rule>      exit 3 when the rule matches (repeat, or separate with commas):
                          broken-links     any internal link to a page that fails
                          orphans          any sitemap page no crawled page links to
                          site-score<N     the site score is below N
                          finding:<id>     any item of that site finding (e.g. finding:deep-pages)
  --allow-private       allow private and loopback addresses on any port (local testing only)

Exit codes: 0 crawled and every gate passed; 2 the command line is wrong or the start address
cannot be crawled; 3 a --fail-on gate failed; 1 internal fault.`;
