import { catalogueEntry } from '@crawlwise/shared/error-catalogue';
import { VERIFICATION_FILE_PATH } from '@crawlwise/shared/site-verification';
import type { Ref } from 'react';
import { CodeSnippet } from '../../components/ui/copy-button.tsx';
import type { SiteVerification } from './api/site-verification-api.ts';

/**
 * The pieces of site ownership verification shared by the start form's panel and the sites
 * screen (docs/site-checks.md › Site ownership verification): the two proofs to publish, and
 * what a check's answer says.
 */

/**
 * Verifications are each account's own, in a team too (docs/teams.md › Site ownership
 * verification): the panel and the sites screen say so, since a teammate's verified site does
 * not count for you.
 */
export const OWN_VERIFICATIONS =
  'Verifications are your own: in a team, yours counts for the crawls you start, not for your teammates’ (each verifies with their own token).';

/** The token and the two ways to place it, each with a Copy button. */
export function VerificationProofs({
  verification,
  headingRef,
  headingLevel = 3,
}: {
  verification: SiteVerification;
  /** Where focus goes when the instructions appear. */
  headingRef?: Ref<HTMLHeadingElement>;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="space-y-2">
      <Heading ref={headingRef} tabIndex={-1} className="font-medium text-slate-900">
        Publish one of these two proofs, then check
      </Heading>
      <p className="break-all">
        Your token: <code className="font-mono text-slate-900">{verification.token}</code>
      </p>
      <CodeSnippet label="Meta tag for the head of your home page" code={verification.metaTag} />
      <CodeSnippet
        label={`Or a file at ${VERIFICATION_FILE_PATH} whose whole content is the token`}
        code={verification.token}
      />
      <p className="break-all text-xs text-slate-600">The file's address: {verification.fileUrl}</p>
    </div>
  );
}

/** A check's answer as one sentence: verified, or the catalogue's title and what was found. */
export function checkOutcome(
  result: { ok: true } | { ok: false; code: string; message?: string | undefined },
  verifiedMaxPages: number,
): { tone: 'success' | 'error'; text: string } {
  if (result.ok) {
    return {
      tone: 'success',
      text: `Verified. Crawls of this site may now go up to ${verifiedMaxPages.toLocaleString('en')} pages.`,
    };
  }
  const entry = catalogueEntry(result.code);
  return { tone: 'error', text: `${entry.title}: ${result.message ?? entry.description}` };
}
