import { MAX_CRAWL_PAGES } from '@crawlwise/shared/site-check';
import { ApiError } from '../errors.ts';
import type { SiteVerificationService } from './site-verifications.ts';
import type { WorkspaceOwner } from './workspace.ts';

/**
 * What a crawl may do on a site (docs/site-checks.md › Site ownership verification): an
 * unverified site is crawled at the server's floor (SITE_CHECK_PAGE_INTERVAL_MS) and at most
 * MAX_CRAWL_PAGES pages; a site the account verified at VERIFIED_PAGE_INTERVAL_MS and at most
 * SITE_CRAWL_MAX_PAGES. The verification is the maker's own, in a team too (while a member:
 * docs/teams.md › Site ownership verification). A verified site's proof is read again before the crawl starts; if it is
 * gone the crawl is refused (`site_verification_lost`) rather than quietly run smaller, and the
 * verification becomes unverified, so the next crawl of at most 500 pages runs at the unverified
 * limits.
 */
export async function crawlAllowance(
  verifications: SiteVerificationService,
  owner: WorkspaceOwner,
  site: URL,
  maxPages: number,
  verifiedMaxPages: number,
): Promise<{ verified: boolean }> {
  if (maxPages > verifiedMaxPages) {
    throw new ApiError(
      'crawl_over_page_cap',
      `A crawl analyses at most ${verifiedMaxPages} pages on this server, even on a verified site.`,
    );
  }
  const outcome = await verifications.recheck(owner, site);
  if (outcome.status === 'lost') {
    throw new ApiError('site_verification_lost', `The crawl was not started. ${outcome.found}`);
  }
  if (outcome.status === 'unverified' && maxPages > MAX_CRAWL_PAGES) {
    throw new ApiError('site_not_verified');
  }
  return { verified: outcome.status === 'verified' };
}
