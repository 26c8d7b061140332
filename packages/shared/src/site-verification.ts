/**
 * Site ownership verification (issue 19, item 6; docs/site-checks.md › Site ownership
 * verification): the proofs a site owner publishes and the limits a verified site earns. Shared
 * by the server (which fetches the proofs and enforces the limits), the analyzer (which reads the
 * meta tag) and the start screen (which shows the snippets and the page limit).
 */

/** The `name` of the meta tag proof, in the head of the site's home page. */
export const VERIFICATION_META_NAME = 'crawlwise-site-verification';
/** The path of the file proof, at the site's origin; its body is the token. */
export const VERIFICATION_FILE_PATH = '/.well-known/crawlwise-verification.txt';
/** Random bytes of a token (128 bits and more), written as base64url. */
export const VERIFICATION_TOKEN_BYTES = 18;
/** What a token looks like: base64url of VERIFICATION_TOKEN_BYTES bytes (24 characters). */
export const VERIFICATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;

/**
 * Pages a crawl of a verified site may analyse at most, unless the server's
 * SITE_CRAWL_MAX_PAGES says otherwise (an unverified site keeps MAX_CRAWL_PAGES).
 */
export const DEFAULT_VERIFIED_CRAWL_PAGES = 10_000;
/** The largest SITE_CRAWL_MAX_PAGES a server accepts, and so the largest `maxPages` asked. */
export const CRAWL_PAGES_CEILING = 100_000;
/**
 * The shortest gap between two page requests of a crawl of a verified site (the floor of the
 * host's pace; an unverified site keeps SITE_CHECK_PAGE_INTERVAL_MS, 1 s by default).
 */
export const VERIFIED_PAGE_INTERVAL_MS = 100;

/** Verification checks (each fetches two addresses of the site) per account and minute. */
export const VERIFICATION_CHECKS_PER_MINUTE = 6;
/** ... and per account and day. */
export const VERIFICATION_CHECKS_PER_DAY = 100;
/** Verifications one account may hold at once. */
export const MAX_SITE_VERIFICATIONS_PER_ACCOUNT = 50;

/** The meta tag proof, ready to paste into the head of the home page. */
export function verificationMetaTag(token: string): string {
  return `<meta name="${VERIFICATION_META_NAME}" content="${token}">`;
}

/** The address of the file proof of a site (its origin). */
export function verificationFileUrl(siteUrl: string): string {
  return new URL(VERIFICATION_FILE_PATH, siteUrl).href;
}

/** What the check found of one proof. */
export type ProofFinding =
  /** The token is there. */
  | { kind: 'match' }
  /** The address answered, but without the token (another token, no tag, an empty file). */
  | { kind: 'mismatch'; found: string | null }
  /** The address could not be read: an HTTP error, no answer, a refused address. */
  | { kind: 'unreachable'; reason: string };

/**
 * Whether a file proof's body is the token: surrounding whitespace (a trailing newline, a BOM)
 * is ignored, anything else is not.
 */
export function fileProofMatches(body: string, token: string): boolean {
  return body.replace(/^\uFEFF/, '').trim() === token;
}

/** One sentence a person can act on: what each proof showed (the answer of a failed check). */
export function describeProofs(meta: ProofFinding, file: ProofFinding): string {
  const metaText =
    meta.kind === 'match'
      ? 'the meta tag has the token'
      : meta.kind === 'mismatch'
        ? meta.found === null
          ? `the home page has no ${VERIFICATION_META_NAME} meta tag`
          : `the home page's ${VERIFICATION_META_NAME} meta tag holds another value ("${clipped(meta.found)}")`
        : `the home page could not be read (${meta.reason})`;
  const fileText =
    file.kind === 'match'
      ? 'the file has the token'
      : file.kind === 'mismatch'
        ? file.found === null || file.found.trim() === ''
          ? `${VERIFICATION_FILE_PATH} is empty`
          : `${VERIFICATION_FILE_PATH} holds something else ("${clipped(file.found)}")`
        : `${VERIFICATION_FILE_PATH} could not be read (${file.reason})`;
  return `Neither proof was found: ${metaText}, and ${fileText}.`;
}

const clipped = (text: string) => {
  const line = text.trim().replace(/\s+/g, ' ');
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};
