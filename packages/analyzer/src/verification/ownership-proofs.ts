import {
  fileProofMatches,
  type ProofFinding,
  VERIFICATION_FILE_PATH,
} from '@crawlwise/shared/site-verification';
import { isAnalysisError } from '../analysis-error.ts';
import { fetchPage } from '../gather/fetch-page.ts';
import { fetchOriginFile, type OriginFileOptions } from '../gather/origin-file.ts';
import { verificationMetaValues } from './verification-meta.ts';

/**
 * Reads both proofs of a site's ownership (docs/site-checks.md › Site ownership verification):
 * the meta tag in the home page's head and the file at VERIFICATION_FILE_PATH. Both go through
 * the engine's guarded fetch (the address guard on every hop, size and time bounds), like a page
 * and robots.txt; nothing here throws for what the site answers.
 */

/** The file proof is one short line: this much is read of it, at most. */
export const PROOF_FILE_MAX_BYTES = 4 * 1024;
/** Each proof's request ends after this long (the home page keeps the page fetch's own size cap). */
export const PROOF_TIMEOUT_MS = 10_000;
const PROOF_FILE_MAX_REDIRECTS = 5;

export interface OwnershipProofs {
  meta: ProofFinding;
  file: ProofFinding;
}

export async function fetchOwnershipProofs(
  siteUrl: string,
  token: string,
  options: OriginFileOptions,
): Promise<OwnershipProofs> {
  const [meta, file] = await Promise.all([
    metaProof(siteUrl, token, options),
    fileProof(siteUrl, token, options),
  ]);
  return { meta, file };
}

async function metaProof(
  siteUrl: string,
  token: string,
  options: OriginFileOptions,
): Promise<ProofFinding> {
  try {
    const page = await fetchPage(siteUrl, {
      guard: options.guard,
      timeoutMs: options.timeoutMs ?? PROOF_TIMEOUT_MS,
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.tls ? { tls: options.tls } : {}),
    });
    const offHost = elsewhere(siteUrl, page.finalUrl);
    if (offHost) return offHost;
    const values = verificationMetaValues(page.html);
    if (values.includes(token)) return { kind: 'match' };
    return { kind: 'mismatch', found: values[0] ?? null };
  } catch (error) {
    return unreachable(error);
  }
}

async function fileProof(
  siteUrl: string,
  token: string,
  options: OriginFileOptions,
): Promise<ProofFinding> {
  try {
    const answer = await fetchOriginFile(new URL(VERIFICATION_FILE_PATH, siteUrl).href, options, {
      accept: 'text/plain,*/*;q=0.5',
      timeoutMs: PROOF_TIMEOUT_MS,
      maxBytes: PROOF_FILE_MAX_BYTES,
      maxRedirects: PROOF_FILE_MAX_REDIRECTS,
    });
    if (!answer.bodyRead) return { kind: 'unreachable', reason: `HTTP ${answer.status}` };
    const offHost = elsewhere(siteUrl, answer.finalUrl);
    if (offHost) return offHost;
    const body = answer.body.toString('utf8');
    if (fileProofMatches(body, token)) return { kind: 'match' };
    return { kind: 'mismatch', found: body };
  } catch (error) {
    return unreachable(error);
  }
}

/**
 * A proof counts only on the site's own host: a redirect within it (http to https, / to /en/)
 * is followed, but a proof served by another host after a redirect proves nothing of this one.
 */
function elsewhere(siteUrl: string, finalUrl: string): ProofFinding | null {
  const host = new URL(finalUrl).hostname;
  if (host === new URL(siteUrl).hostname) return null;
  return { kind: 'unreachable', reason: `it redirects to another host, ${host}` };
}

/** An AnalysisError says what went wrong in words; anything else is not ours to explain. */
function unreachable(error: unknown): ProofFinding {
  if (isAnalysisError(error)) return { kind: 'unreachable', reason: error.message };
  throw error;
}
