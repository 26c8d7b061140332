/** Business constants and limits from the product spec, point 9. Used by web, server and analyzer. */

export const MAX_URL_LENGTH = 2048;
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 10;
export const REPORT_EXPIRY_DAYS = 30;
/** Days after a report expires (or its owner deletes it) until it is erased for good. */
export const REPORT_PURGE_AFTER_DAYS = 30;
export const DAILY_REPORT_LIMIT = 100;
export const DAILY_REPORT_SOFT_LIMIT = 80;
export const BURST_REPORT_LIMIT_PER_MINUTE = 10;
/**
 * Contact messages, partner waitlist sign-ups and newsletter sign-ups accepted per requester per
 * hour (not in the spec): enough for a person who retries, too few to flood the support inbox.
 */
export const FORM_SUBMISSIONS_PER_HOUR = 5;

export const TITLE_MIN_LENGTH = 20;
export const TITLE_MAX_LENGTH = 60;
export const DESCRIPTION_MIN_LENGTH = 70;
export const DESCRIPTION_MAX_LENGTH = 160;

export const REPORT_POLL_INTERVAL_MS = 2000;
export const SIMULATED_PROGRESS_MS = 8000;
export const COMPILING_FROM_PERCENT = 85;
export const RESULTS_DELAY_MS = 4000;
export const SCORE_RING_MS = 3500;
export const NEWSLETTER_DELAY_MS = 15_000;

export const PROFILE_PAGE_SIZE = 10;
export const AVATAR_MAX_BYTES = 2_097_152;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * Page-derived text a stored report keeps per string (a title, a quoted value, a fix snippet):
 * longer text is cut and says how long it was. A page with a 4 MB title once made a 30 MB
 * report (issue 25). Addresses up to MAX_URL_LENGTH stay whole.
 */
export const STORED_TEXT_MAX_CHARS = 2_100;
/**
 * A stored report's analysis at most, in kilobytes of JSON: past it the largest findings'
 * details are left out (the finding, its message and fix stay, and say so).
 */
export const REPORT_MAX_STORED_KB = 1_024;

/** A crawled page's main-text excerpt keeps at most this many bytes of UTF-8 (site-findings.ts). */
export const MAX_TEXT_EXCERPT_BYTES = 8 * 1024;
/** A block longer than this is cut (with an ellipsis), so one huge block cannot fill the excerpt. */
export const MAX_TEXT_BLOCK_CHARS = 1000;
