/**
 * How many of each planted problem a site of N pages carries: proportional to N (so the
 * 10,000-page benchmark site has about 1% of its pages linking to a broken page, as real sites
 * do), with a floor so the 300-page test site still has every kind.
 */

/** Below this the planted problems would not fit beside ordinary pages. */
export const MIN_PAGES = 200;

export interface PlantCounts {
  notFoundTargets: number;
  serverErrorTargets: number;
  redirects: number;
  redirectChains: number;
  orphans: number;
  singleInbound: number;
  noindex: number;
  printVersions: number;
  nofollowLinks: number;
  hreflangComplete: number;
  hreflangMissingReturn: number;
  hreflangNoXDefault: number;
  hreflangToError: number;
  nearDuplicateCopies: number;
  nearDuplicateRevisions: number;
  duplicateTitleGroups: number;
  duplicateDescriptionGroups: number;
  missingFromSitemap: number;
  sitemapNoindex: number;
  sitemapCanonicalised: number;
  featured: number;
}

export function plantCounts(pages: number): PlantCounts {
  const per = (pagesEach: number, floor: number) => Math.max(floor, Math.round(pages / pagesEach));
  return {
    notFoundTargets: per(400, 2),
    serverErrorTargets: per(1_500, 1),
    redirects: per(500, 2),
    redirectChains: per(2_500, 1),
    orphans: per(300, 2),
    singleInbound: per(200, 2),
    noindex: per(300, 2),
    printVersions: per(300, 2),
    nofollowLinks: per(250, 2),
    hreflangComplete: per(2_000, 1),
    hreflangMissingReturn: per(5_000, 1),
    hreflangNoXDefault: per(5_000, 1),
    hreflangToError: per(5_000, 1),
    nearDuplicateCopies: per(2_000, 1),
    nearDuplicateRevisions: per(5_000, 1),
    duplicateTitleGroups: per(1_000, 1),
    duplicateDescriptionGroups: per(1_000, 1),
    missingFromSitemap: per(300, 2),
    sitemapNoindex: per(2_000, 1),
    sitemapCanonicalised: per(2_000, 1),
    featured: 8,
  };
}
