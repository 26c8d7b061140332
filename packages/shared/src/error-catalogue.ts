/**
 * The product's error catalogue (product spec, point 8). Every error the API returns carries one of
 * these codes; the web app maps a code to its title, description and action from here.
 */

export type ErrorSeverity = 'error' | 'warning' | 'info';

export interface CatalogueEntry {
  title: string;
  description: string;
  action?: string;
  severity: ErrorSeverity;
  /** HTTP status the API answers with when this code ends a request. */
  httpStatus: number;
}

const entry = (
  title: string,
  description: string,
  httpStatus: number,
  severity: ErrorSeverity = 'error',
  action?: string,
): CatalogueEntry => ({ title, description, httpStatus, severity, ...(action ? { action } : {}) });

export const ERROR_CATALOGUE = {
  missing_url: entry('URL Required', 'Please enter a website URL to analyze.', 400),
  invalid_url: entry(
    'Invalid URL Format',
    'That does not look like a valid web address.',
    400,
    'error',
    'Enter a full address such as https://example.com.',
  ),
  url_too_long: entry('URL Too Long', 'The address is longer than 2048 characters.', 400),
  private_ip: entry(
    'Private Address Not Allowed',
    'Localhost and private network addresses cannot be analyzed.',
    400,
    'error',
    'Enter the public address of your website.',
  ),
  unsupported_protocol: entry(
    'Only HTTP and HTTPS',
    'Only http:// and https:// addresses can be analyzed.',
    400,
  ),
  rate_limit_exceeded: entry(
    'Daily Limit Reached',
    'You have run 100 reports in the last 24 hours.',
    429,
    'warning',
    'Please try again tomorrow.',
  ),
  rate_limit_soft: entry(
    'Approaching Limit',
    'You are close to the daily limit of 100 reports. It resets in 24 hours.',
    200,
    'info',
  ),
  too_many_requests: entry(
    'Too Many Requests',
    'You are sending requests too quickly.',
    429,
    'warning',
    'Wait a little, then try again.',
  ),
  fetch_timeout: entry(
    'Site Took Too Long',
    'The site took over 10 seconds to respond.',
    422,
    'error',
    'Check that the site is up and responds quickly, then try again.',
  ),
  fetch_failed: entry(
    'Unable to Connect',
    'We could not connect to the site.',
    422,
    'error',
    'Check that the address is correct and the site is online.',
  ),
  http_error_404: entry(
    'Page Not Found',
    'The site answered 404: the page does not exist.',
    422,
    'error',
    'Check the address for typos.',
  ),
  http_error_403: entry(
    'Access Denied',
    'The site refused our crawler (403).',
    422,
    'error',
    'Allow the CrawlwiseBot user agent in your firewall or bot protection, then try again.',
  ),
  http_error_500: entry(
    'Server Error',
    'The site answered with a server error (500).',
    422,
    'error',
    'Check your server logs, then try again.',
  ),
  http_error_503: entry(
    'Service Unavailable',
    'The site is temporarily unavailable (503).',
    422,
    'error',
    'Try again when the site is back up.',
  ),
  invalid_content_type: entry(
    'Not an HTML Page',
    'The address does not return an HTML page.',
    422,
    'error',
    'Enter the address of a web page, not a file or an API.',
  ),
  content_too_large: entry('Page Too Large', 'The page is over 5MB.', 422),
  parse_error: entry('Unable to Parse HTML', 'The page HTML could not be read.', 422),
  ssl_error: entry(
    'SSL Certificate Issue',
    'The site’s SSL certificate is invalid or expired.',
    422,
    'error',
    'Renew or fix the certificate, or try the http:// address.',
  ),
  redirect_loop: entry(
    'Redirect Loop Detected',
    'The page redirects in a loop or through more than 10 hops.',
    422,
    'error',
    'Check your redirect rules.',
  ),
  dns_error: entry(
    'Domain Not Found',
    'The domain name could not be resolved.',
    422,
    'error',
    'Check the spelling of the domain.',
  ),
  report_not_found: entry(
    'Report Not Found',
    'This report does not exist or the link is incomplete.',
    404,
    'error',
    'Run a new analysis from the home page.',
  ),
  report_deleted: entry('Report Deleted', 'This report has been deleted by its owner.', 410),
  report_expired: entry(
    'Report Expired',
    'This report is older than 30 days and has been archived.',
    410,
    'warning',
    'Run a new analysis to get fresh results.',
  ),
  report_not_ready: entry(
    'Report Not Ready',
    'This report is not finished yet, so it cannot be downloaded.',
    409,
    'info',
    'Wait until the analysis is complete, then download it again.',
  ),
  export_busy: entry(
    'Export Queue Full',
    'Too many PDFs are being made right now.',
    503,
    'warning',
    'Try again in a few seconds.',
  ),
  export_failed: entry(
    'Export Failed',
    'We could not make the PDF of this report.',
    503,
    'error',
    'Try again in a moment, or download the CSV or JSON instead.',
  ),
  compare_different_pages: entry(
    'Different Pages',
    'These two reports are of different pages, so they cannot be compared.',
    422,
    'error',
    'Open the history of a page and compare two of its reports.',
  ),
  compare_not_ready: entry(
    'Report Not Ready',
    'Only completed reports can be compared; one of these is still running or failed.',
    409,
    'warning',
    'Wait for the analysis to finish, or pick another report from the page history.',
  ),
  database_error: entry(
    'Database Error',
    'We had trouble reading or saving data. This is temporary.',
    503,
    'error',
    'Please try again in a moment.',
  ),
  database_connection: entry(
    'Database Unavailable',
    'We could not reach our database. This is temporary.',
    503,
    'error',
    'Please try again in a moment.',
  ),
  network_error: entry(
    'Connection Problem',
    'We could not reach the Crawlwise server.',
    0,
    'error',
    'Check your internet connection and try again.',
  ),
  invalid_email: entry('Invalid Email Address', 'Please enter a valid email address.', 400),
  email_blocked: entry('Email Address Blocked', 'This email address cannot be used.', 400),
  submission_failed: entry(
    'Submission Failed',
    'We could not save your email. Please try again.',
    500,
  ),
  duplicate_email: entry(
    'Already Subscribed',
    'This email is already subscribed. Check your inbox for the report.',
    409,
    'info',
  ),
  function_timeout: entry(
    'Taking Longer Than Expected',
    'The analysis is taking longer than expected.',
    504,
    'warning',
    'Refresh the page in a moment.',
  ),
  service_unavailable: entry(
    'Service Unavailable',
    'Crawlwise is under heavy load or in maintenance.',
    503,
    'error',
    'Please try again in a few minutes.',
  ),
  internal_error: entry(
    'Something Went Wrong',
    'An unexpected error occurred. The team has been notified.',
    500,
  ),
  suspicious_activity: entry(
    'Suspicious Activity Detected',
    'This request was blocked as suspicious.',
    403,
  ),
  invalid_request: entry('Invalid Request', 'The request was not understood.', 400),
  analyzing: entry(
    'Analyzing',
    'Your page is being analyzed. This takes about 5-10 seconds.',
    200,
    'info',
  ),
  queued: entry('Queued', 'Your analysis is queued and will start shortly.', 200, 'info'),
  analysis_failed: entry(
    'Analysis Failed',
    'We could not complete the analysis of this page.',
    500,
    'error',
    'Try running the analysis again.',
  ),
  watch_limit_reached: entry(
    'Watch Limit Reached',
    'You are already watching 10 pages, the most one account can watch.',
    409,
    'warning',
    'Remove a watch on your profile to add another.',
  ),
  watch_exists: entry(
    'Already Watched',
    'You are already watching this page or site.',
    409,
    'info',
  ),
  watch_not_found: entry('Watch Not Found', 'This watch does not exist or was removed.', 404),
  unknown_error: entry('Unexpected Error', 'Something unexpected happened. Please try again.', 500),
  // Whole-site checks (issue 11, item 4; docs/site-checks.md).
  site_check_not_found: entry(
    'Site Check Not Found',
    'This site check does not exist or belongs to another account.',
    404,
  ),
  site_check_in_progress: entry(
    'Site Check Already Running',
    'You already have a site check in progress. Wait for it to finish before starting another.',
    409,
    'warning',
  ),
  site_check_no_pages: entry(
    'No Pages to Check',
    'No address on this site was found in the list.',
    400,
    'error',
    'Paste one address per line (or a CSV with an address column) on the same site.',
  ),
  site_check_page_limit: entry(
    'Daily Page Limit Reached',
    'Site checks can analyze 600 pages per 24 hours, and this one needs more than remain.',
    429,
    'warning',
    'Check fewer pages, or try again tomorrow.',
  ),
  site_check_not_active: entry(
    'Site Check Already Finished',
    'This site check has already finished, so there is nothing to cancel.',
    409,
    'info',
  ),
  blocked_by_robots: entry(
    'Blocked by robots.txt',
    "The site's robots.txt does not allow Crawlwise to fetch this page, so it was not requested.",
    422,
    'info',
  ),
  site_check_cancelled: entry(
    'Site Check Cancelled',
    'The site check was cancelled before this page was analysed.',
    409,
    'info',
  ),
  site_check_error_rate: entry(
    'Check Stopped: Site Failing',
    'Most of the last pages failed with a server error or no answer, so the check stopped instead of loading a struggling site.',
    422,
    'error',
    'Check that the site is up and answering, then start the check again.',
  ),
  // The site audit workspace (issue 20; docs/site-checks.md "Audit workspace").
  site_audit_page_not_found: entry(
    'Page Not in This Check',
    'This address is not one of the pages of this site check.',
    404,
    'error',
    'Pick two pages from the near-duplicate list of this check.',
  ),
  site_check_compare_mismatch: entry(
    'Checks Cannot Be Compared',
    'Only two crawls of the same site by the same account can be compared.',
    400,
    'error',
    'Pick an earlier crawl of this site.',
  ),
  team_not_found: entry(
    'Team Not Found',
    'No team of yours has this address. You may have left it, or been removed from it.',
    404,
    'error',
    'Pick one of your teams from the workspace switcher.',
  ),
  team_forbidden: entry(
    'Not Allowed in This Team',
    'Your role in this team does not allow this.',
    403,
    'error',
    'Ask an owner or admin of the team.',
  ),
  team_slug_taken: entry(
    'Team Address Taken',
    'Another team already uses this address.',
    409,
    'error',
    'Choose another address for the team.',
  ),
  account_owns_team: entry(
    'You Own a Team',
    'An account that owns a team cannot be deleted.',
    409,
    'error',
    'Transfer the ownership of your teams, or delete them, first.',
  ),
  site_verification_not_found: entry(
    'Verification Not Found',
    'This site verification does not exist or belongs to another account.',
    404,
  ),
  site_verification_failed: entry(
    'Site Not Verified Yet',
    'Neither the meta tag on the home page nor the verification file holds your token.',
    422,
    'warning',
    'Publish one of the two proofs exactly as shown, then check again.',
  ),
  site_verification_limit: entry(
    'Too Many Verifications',
    'Your account holds as many site verifications as it may. Remove one you no longer need.',
    409,
  ),
  site_not_verified: entry(
    'Site Not Verified',
    'Crawls of more than 500 pages are for sites whose ownership you have verified.',
    403,
    'warning',
    'Verify the site on the site check screen, or crawl at most 500 pages.',
  ),
  site_verification_lost: entry(
    'Site Verification Lost',
    'Your site was verified, but its proof is gone, so the crawl was not started.',
    409,
    'warning',
    'Put the meta tag or the verification file back and check again, or remove the verification to crawl at the limits of an unverified site.',
  ),
  crawl_over_page_cap: entry(
    'Crawl Too Large',
    'The crawl asks for more pages than this server allows for any site.',
    400,
    'error',
    'Ask for fewer pages.',
  ),
  no_sitemap: entry(
    'No Sitemap Found',
    'The site has no readable sitemap: robots.txt names none and /sitemap.xml could not be read.',
    422,
    'error',
    'Paste a list of the pages to check instead.',
  ),
  invalid_token: entry(
    'Invalid API Token',
    'The API token is not valid, or it was revoked.',
    401,
    'error',
    'Create a new token on your profile page.',
  ),
  token_scope: entry(
    'Not Allowed With This Token',
    'This API token cannot do that: read tokens only read, and no token manages the account.',
    403,
  ),
  token_not_found: entry(
    'Token Not Found',
    'This API token does not exist or belongs to another account.',
    404,
  ),
  token_limit_reached: entry(
    'Token Limit Reached',
    'An account can hold 20 API tokens. Revoke one you no longer use first.',
    409,
  ),
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CATALOGUE, code);
}

/** Missing or unknown codes fall back to unknown_error (spec point 8). */
export function catalogueEntry(code: unknown): CatalogueEntry & { code: ErrorCode } {
  const known: ErrorCode = isErrorCode(code) ? code : 'unknown_error';
  return { code: known, ...ERROR_CATALOGUE[known] };
}

/** Codes that stop an analysis before any check runs (CHECKS.md). */
export const ANALYSIS_ERROR_CODES = [
  'invalid_url',
  'url_too_long',
  'unsupported_protocol',
  'private_ip',
  'dns_error',
  'fetch_failed',
  'fetch_timeout',
  'ssl_error',
  'redirect_loop',
  'http_error_403',
  'http_error_404',
  'http_error_500',
  'http_error_503',
  'invalid_content_type',
  'content_too_large',
  'parse_error',
] as const satisfies readonly ErrorCode[];

/**
 * Codes an AnalysisError carries: the codes above, and `analysis_failed` when the page's checks
 * could not complete within the analysis's CPU budget (not a creation error: the page was
 * fetched, so it is not in ANALYSIS_ERROR_CODES).
 */
/** `no_sitemap`: only a site check's sitemap discovery ends with it. */
export type AnalysisErrorCode =
  | (typeof ANALYSIS_ERROR_CODES)[number]
  | 'analysis_failed'
  | 'no_sitemap';
