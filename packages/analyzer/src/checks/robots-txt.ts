import type { CheckOf, OutcomeOf } from './check.ts';
import { withFix } from './fix-snippets.ts';
import { robotsAllowFix } from './robots-fix.ts';

/**
 * `robots-txt` (crawlability): whether the site's robots.txt lets Googlebot fetch this page. The
 * gatherer fetched and matched it; this check only judges the verdict. A missing robots.txt
 * (4xx) allows everything. An unreachable one (network error, 5xx) cannot be judged: it is
 * reported as a skipped warning, because Google pauses crawling a site whose robots.txt answers
 * with server errors, but the page is not charged points for it (it may be our network, not theirs).
 */

export const robotsTxt: CheckOf<'robots-txt'> = {
  meta: {
    id: 'robots-txt',
    title: 'robots.txt',
    why: 'robots.txt tells crawlers which addresses they may fetch. A page it disallows for Googlebot cannot be crawled, and Google shows it at best as a bare link without a description.',
    howToFix:
      'Remove or narrow the robots.txt Disallow rule that matches this page, and make robots.txt answer 200 with plain-text rules (or 404 if you have none).',
    fixSnippet:
      'when Googlebot is blocked, the robots.txt line "Allow: <page path>$" to add to the group that holds the blocking rule (named by its line).',
  },
  run(page): OutcomeOf<'robots-txt'> {
    const robots = page.artifacts.robots;
    const details = {
      robotsUrl: robots.url,
      status: robots.status,
      allowedForGooglebot: robots.allowedForGooglebot,
      ...(robots.detail === undefined ? {} : { detail: robots.detail }),
    };

    switch (robots.status) {
      case 'missing':
        return {
          severity: 'success',
          message: 'No robots.txt, so every page may be crawled',
          why: 'Without a robots.txt crawlers may fetch every page, which is fine. Add one only to keep crawlers out of parts of the site or to list your sitemap.',
          details,
        };
      case 'unreachable':
        return {
          severity: 'warning',
          outcome: 'skipped',
          message: 'robots.txt could not be read',
          why: `Fetching ${robots.url} failed${robots.detail ? ` (${robots.detail})` : ''}. When robots.txt answers with server errors Google stops crawling the site until it can read it again; make sure it answers 200 (or 404 if you have none).`,
          details,
        };
      case 'unparsable':
        return {
          severity: 'warning',
          message: 'robots.txt could not be understood',
          why: `${robots.url} does not look like a robots.txt file${robots.detail ? ` (${robots.detail})` : ''}, so crawlers may ignore or misread its rules. Serve plain text with User-agent, Allow and Disallow lines.`,
          details,
        };
      case 'ok':
        if (robots.allowedForGooglebot === false) {
          const googlebot = robots.bots?.find((entry) => entry.bot === 'Googlebot');
          const verdict = googlebot ?? {
            bot: 'Googlebot',
            kind: 'search' as const,
            allowed: false,
            ...(robots.detail === undefined ? {} : { rule: robots.detail }),
          };
          return withFix(
            {
              severity: 'critical',
              message: 'robots.txt blocks Googlebot from this page',
              why: `${robots.url} disallows this address for Googlebot${robots.detail ? ` (rule: ${robots.detail})` : ''}, so Google cannot crawl the page. Remove or narrow the Disallow rule.`,
              details,
            },
            robotsAllowFix(robots.url, page.url, [verdict]),
          );
        }
        if (robots.allowedForGooglebot === null) {
          return {
            severity: 'success',
            outcome: 'skipped',
            message: 'robots.txt was read but not matched against this page',
            details,
          };
        }
        return {
          severity: 'success',
          message: 'robots.txt allows Googlebot to crawl the page',
          details,
        };
    }
  },
};
