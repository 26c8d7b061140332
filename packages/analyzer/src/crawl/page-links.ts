import type { CrawlUrlRules } from '@crawlwise/shared/crawl-url';
import { crawlScope } from '@crawlwise/shared/crawl-url';
import { robotsDirectiveSources } from '../checks/robots-meta.ts';
import { type LinkRecord, linkRecordOf } from '../page/outlinks.ts';
import type { PageContext } from '../page/page-context.ts';

/** What a crawl asks of a page's analysis besides its report: the links to follow from it. */
export interface CrawlLinkRequest {
  /** The crawl's start address: its host is the site. */
  site: string;
  rules: CrawlUrlRules;
}

/**
 * The page's link record for the crawl. A robots `nofollow` (or `none`) in the served page's
 * meta tags or X-Robots-Tag header makes every link on it nofollow, as it does for a search
 * crawler.
 */
export function crawlLinksOf(page: PageContext, request: CrawlLinkRequest): LinkRecord {
  const directives = robotsDirectiveSources(page.document, page.artifacts.fetch.headers, null)
    .flatMap((source) => source.directives)
    .map((directive) => directive.toLowerCase());
  const pageNofollow = directives.includes('nofollow') || directives.includes('none');
  return linkRecordOf(page.document, page.renderedDocument, page.url, {
    scope: crawlScope(request.site, request.rules),
    rules: request.rules,
    pageNofollow,
  });
}
