import { catalogueEntry } from '@crawlwise/shared/error-catalogue';
import { PATHS } from '@crawlwise/shared/routes';
import { DAILY_SITE_CHECK_PAGE_LIMIT, MAX_CRAWL_PAGES } from '@crawlwise/shared/site-check';
import { BadgeCheck, ShieldQuestion } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { AppLink } from '../../components/app-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  checkSiteVerification,
  fetchSiteVerifications,
  type SiteVerification,
  type SiteVerificationList,
  startSiteVerification,
} from './api/site-verification-api.ts';
import {
  checkOutcome,
  OWN_VERIFICATIONS,
  VerificationProofs,
} from './site-verification-proofs.tsx';

/** What the start form needs to know: the crawl's page cap for this site. */
export interface CrawlLimit {
  verified: boolean;
  maxPages: number;
}

const UNVERIFIED: CrawlLimit = { verified: false, maxPages: MAX_CRAWL_PAGES };

/** A check's result, kept with the site it was about (another address typed hides it). */
type Outcome = { site: string; tone: 'success' | 'error'; text: string } | null;

/**
 * Site ownership verification on the start form (docs/site-checks.md › Site ownership
 * verification): whether the site typed above is verified for this account and, if not, the
 * token and both proofs to publish, with "Check now". A verified site may be crawled further and
 * faster; `onLimit` tells the form the crawl's page cap.
 */
export function SiteVerificationPanel({
  siteUrl,
  onLimit,
}: {
  /** The site's origin as the shared rules read it, or null while the address is not valid. */
  siteUrl: string | null;
  onLimit: (limit: CrawlLimit) => void;
}) {
  const [list, setList] = useState<SiteVerificationList | null>(null);
  const [busy, setBusy] = useState<'start' | 'check' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const instructionsRef = useRef<HTMLHeadingElement>(null);
  const focusInstructions = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    void fetchSiteVerifications(controller.signal).then((result) => {
      if (result.ok) setList(result.data);
    });
    return () => controller.abort();
  }, []);

  const current = list?.verifications.find((v) => v.siteUrl === siteUrl) ?? null;
  const verified = Boolean(current?.verifiedAt);
  const maxPages = verified && list ? list.verifiedLimits.maxPages : MAX_CRAWL_PAGES;

  useEffect(() => {
    onLimit(verified ? { verified, maxPages } : UNVERIFIED);
  }, [verified, maxPages, onLimit]);

  useEffect(() => {
    // After "Verify this site", the instructions that appeared are where the reader goes next.
    if (focusInstructions.current && current) {
      focusInstructions.current = false;
      instructionsRef.current?.focus();
    }
  }, [current]);

  if (!siteUrl || !list) return null;

  const replace = (verification: SiteVerification) =>
    setList((previous) =>
      previous
        ? {
            ...previous,
            verifications: [
              ...previous.verifications.filter((v) => v.id !== verification.id),
              verification,
            ],
          }
        : previous,
    );

  const start = async () => {
    setBusy('start');
    setOutcome(null);
    const result = await startSiteVerification(siteUrl);
    setBusy(null);
    if (result.ok) {
      focusInstructions.current = true;
      replace(result.data.verification);
    } else {
      setOutcome({
        site: siteUrl,
        tone: 'error',
        text: result.message ?? catalogueEntry(result.code).description,
      });
    }
  };

  const check = async (verification: SiteVerification) => {
    setBusy('check');
    setOutcome(null);
    const result = await checkSiteVerification(verification.id);
    setBusy(null);
    if (result.ok) replace(result.data.verification);
    else if (result.code === 'site_verification_failed') {
      const lastError = result.message ?? catalogueEntry(result.code).description;
      replace({ ...verification, verifiedAt: null, lastError });
    }
    setOutcome({ site: siteUrl, ...checkOutcome(result, list.verifiedLimits.maxPages) });
  };

  const shown = outcome?.site === siteUrl ? outcome : null;
  const perSecond = Math.round(1000 / Math.max(1, list.verifiedLimits.pageIntervalMs));

  return (
    <section
      aria-labelledby="site-verification-title"
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700"
    >
      <h2
        id="site-verification-title"
        className="flex items-center gap-2 font-medium text-slate-900"
      >
        {verified ? (
          <BadgeCheck className="size-4 text-green-700" aria-hidden />
        ) : (
          <ShieldQuestion className="size-4 text-slate-500" aria-hidden />
        )}
        {verified ? 'You have verified this site' : 'You have not verified this site'}
      </h2>
      <p>
        {verified
          ? `A crawl may check up to ${maxPages.toLocaleString('en')} pages, up to ${perSecond} pages a second (slower if the site asks), within the daily allowance of ${DAILY_SITE_CHECK_PAGE_LIMIT} site-check pages. The proof is checked again before each crawl.`
          : `A crawl checks at most ${MAX_CRAWL_PAGES} pages, one page a second. Prove that you own the site to crawl up to ${list.verifiedLimits.maxPages.toLocaleString('en')} pages, faster.`}
      </p>
      <p>{OWN_VERIFICATIONS}</p>
      {!current ? (
        <Button type="button" variant="outline" size="sm" onClick={start} disabled={busy !== null}>
          {busy === 'start' ? <Spinner /> : null}
          Verify this site
        </Button>
      ) : null}
      {current && !verified ? (
        <div className="space-y-2">
          <VerificationProofs verification={current} headingRef={instructionsRef} />
          {current.lastError && !shown ? (
            <p className="text-slate-700">Last check: {current.lastError}</p>
          ) : null}
        </div>
      ) : null}
      {current ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          // Not `disabled` while busy: a disabled button loses focus, and the reader's place with it.
          onClick={() => (busy === null ? check(current) : undefined)}
          aria-disabled={busy !== null}
        >
          {busy === 'check' ? <Spinner /> : null}
          Check now
        </Button>
      ) : null}
      <p
        role="status"
        aria-live="polite"
        className={shown?.tone === 'error' ? 'text-red-700' : shown ? 'text-green-800' : 'sr-only'}
      >
        {shown?.text ?? ''}
      </p>
      <p>
        <AppLink to={PATHS.sites} className="font-medium text-brand-700 underline">
          All your sites and their verification
        </AppLink>
      </p>
    </section>
  );
}
