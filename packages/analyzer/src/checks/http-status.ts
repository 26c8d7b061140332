import { STATUS_CODES } from 'node:http';
import type { Check, CheckOutcome } from './check.ts';

/**
 * `http-status` (crawlability): the status of the final response, after redirects. Only 2xx lets a
 * search engine index the page. A 3xx at the end of the chain means a redirect the fetcher could
 * not follow (no usable Location), which a crawler cannot follow either.
 */

export const httpStatus: Check = {
  meta: {
    id: 'http-status',
    title: 'HTTP status',
    why: 'Search engines only index pages that answer with a 2xx status. Make the page answer 200 OK at its final address.',
    howToFix:
      'Make the page answer 200 OK at its final address: fix the route or server error, or redirect the address to a page that exists.',
  },
  run(page): CheckOutcome {
    const { status, finalUrl } = page.artifacts.fetch;
    const label = `${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`;
    const details = { status, finalUrl };

    if (status >= 200 && status < 300) {
      return { severity: 'success', message: `The page answers ${label}`, details };
    }
    if (status >= 300 && status < 400) {
      return {
        severity: 'warning',
        message: `The page answers with a redirect that leads nowhere (${label})`,
        why: 'The final response is a redirect without a usable Location header, so crawlers cannot reach any content. Send a Location header with the target address, or serve the page with 200 OK.',
        details,
      };
    }
    if (status >= 400 && status < 500) {
      return {
        severity: 'critical',
        message: `The page answers ${label}`,
        why: 'A 4xx status tells search engines the page does not exist or may not be read, so they drop it from results. Serve the page with 200 OK, or redirect (301) to the page that replaced it.',
        details,
      };
    }
    if (status >= 500 && status < 600) {
      return {
        severity: 'critical',
        message: `The page answers ${label}`,
        why: 'A 5xx status is a server error: crawlers retry for a while, then drop the page from results. Check the server logs and fix the error so the page answers 200 OK.',
        details,
      };
    }
    return {
      severity: 'critical',
      message: `The page answers with an unexpected status (${label})`,
      why: 'Search engines only index pages that answer with a 2xx status, and this status is not one a browser or crawler can use. Make the page answer 200 OK.',
      details,
    };
  },
};
