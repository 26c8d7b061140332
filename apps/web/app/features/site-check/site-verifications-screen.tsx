import { catalogueEntry } from '@crawlwise/shared/error-catalogue';
import { MAX_CRAWL_PAGES, parseSiteAddress } from '@crawlwise/shared/site-check';
import { BadgeCheck, ShieldQuestion } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Address } from '../../components/ui/address.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  checkSiteVerification,
  fetchSiteVerifications,
  removeSiteVerification,
  type SiteVerification,
  type SiteVerificationList,
  startSiteVerification,
} from './api/site-verification-api.ts';
import {
  checkOutcome,
  OWN_VERIFICATIONS,
  VerificationProofs,
} from './site-verification-proofs.tsx';

/**
 * The account's sites and their ownership verification (issue 20, item 5; docs/site-checks.md
 * › Site ownership verification): each site verified (since when) or pending, a pending one's
 * token and both proofs with Copy buttons, Verify with its result, Remove, and "Add a site".
 */

type Load =
  | { status: 'loading' }
  | { status: 'error'; text: string }
  | { status: 'ready'; list: SiteVerificationList };

type Outcome = { id: string; tone: 'success' | 'error'; text: string };

const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

export function SiteVerificationsScreen() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [address, setAddress] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const headings = useRef(new Map<string, HTMLHeadingElement>());

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is "Try again": it loads again.
  useEffect(() => {
    const controller = new AbortController();
    void fetchSiteVerifications(controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setLoad(
        result.ok
          ? { status: 'ready', list: result.data }
          : { status: 'error', text: result.message ?? catalogueEntry(result.code).description },
      );
    });
    return () => controller.abort();
  }, [attempt]);

  useEffect(() => {
    // A site just added: its instructions are where the reader goes next.
    if (focusId) {
      headings.current.get(focusId)?.focus();
      setFocusId(null);
    }
  }, [focusId]);

  if (load.status === 'loading') {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading your sites" className="size-6" />
      </div>
    );
  }
  if (load.status === 'error') {
    return (
      <Card role="alert">
        <p className="text-red-700">Your sites could not be loaded: {load.text}</p>
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          onClick={() => setAttempt((n) => n + 1)}
        >
          Try again
        </Button>
      </Card>
    );
  }
  const { list } = load;
  const setList = (change: (previous: SiteVerificationList) => SiteVerificationList) =>
    setLoad((previous) =>
      previous.status === 'ready' ? { status: 'ready', list: change(previous.list) } : previous,
    );
  const replace = (verification: SiteVerification) =>
    setList((previous) => ({
      ...previous,
      verifications: previous.verifications.some((v) => v.id === verification.id)
        ? previous.verifications.map((v) => (v.id === verification.id ? verification : v))
        : [...previous.verifications, verification],
    }));

  const parsed = parseSiteAddress(address);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.ok) {
      setAddError(parsed.message);
      return;
    }
    setAddError(null);
    setBusy('add');
    const result = await startSiteVerification(parsed.site.href);
    setBusy(null);
    if (!result.ok) {
      setAddError(result.message ?? catalogueEntry(result.code).description);
      return;
    }
    replace(result.data.verification);
    setAddress('');
    setFocusId(result.data.verification.id);
  };

  const verify = async (verification: SiteVerification) => {
    setBusy(verification.id);
    setOutcome(null);
    const result = await checkSiteVerification(verification.id);
    setBusy(null);
    if (result.ok) replace(result.data.verification);
    else if (result.code === 'site_verification_failed') {
      const lastError = result.message ?? catalogueEntry(result.code).description;
      replace({ ...verification, verifiedAt: null, lastError });
    }
    setOutcome({ id: verification.id, ...checkOutcome(result, list.verifiedLimits.maxPages) });
  };

  const remove = async (verification: SiteVerification) => {
    setBusy(verification.id);
    setOutcome(null);
    const result = await removeSiteVerification(verification.id);
    setBusy(null);
    if (result.ok || result.code === 'site_verification_not_found') {
      setList((previous) => ({
        ...previous,
        verifications: previous.verifications.filter((v) => v.id !== verification.id),
      }));
      return;
    }
    setOutcome({
      id: verification.id,
      tone: 'error',
      text: result.message ?? catalogueEntry(result.code).description,
    });
  };

  return (
    <div className="space-y-6">
      <p className="max-w-2xl text-slate-600">
        A crawl of a site you have not verified checks at most {MAX_CRAWL_PAGES} pages, one page a
        second. Prove that a site is yours to crawl up to{' '}
        {list.verifiedLimits.maxPages.toLocaleString('en')} pages of it, faster. The proof is
        checked again before each large crawl. {OWN_VERIFICATIONS}
      </p>
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">Add a site</h2>
        <form
          className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
          onSubmit={add}
          noValidate
        >
          <FormField id="add-site" label="The site's address" error={addError ?? undefined}>
            {(describedBy) => (
              <Input
                id="add-site"
                name="siteUrl"
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="https://example.com"
                value={address}
                invalid={addError !== null}
                aria-describedby={describedBy}
                onChange={(event) => {
                  setAddress(event.target.value);
                  setAddError(null);
                }}
              />
            )}
          </FormField>
          <Button type="submit" disabled={busy === 'add'} className="w-full sm:w-auto">
            {busy === 'add' ? <Spinner /> : null}
            Add this site
          </Button>
        </form>
      </Card>
      {list.verifications.length === 0 ? (
        <Card>
          <p className="text-slate-600">No sites yet. Add one above to get its token.</p>
        </Card>
      ) : (
        <ul className="space-y-4" aria-label="Your sites">
          {list.verifications.map((verification) => {
            const shown = outcome?.id === verification.id ? outcome : null;
            const working = busy === verification.id;
            return (
              <li key={verification.id}>
                <Card>
                  <section
                    aria-labelledby={`site-${verification.id}`}
                    className="space-y-3 text-sm text-slate-700"
                  >
                    <div className="flex flex-wrap items-center gap-2">
                      {verification.verifiedAt ? (
                        <BadgeCheck className="size-5 shrink-0 text-green-700" aria-hidden />
                      ) : (
                        <ShieldQuestion className="size-5 shrink-0 text-slate-500" aria-hidden />
                      )}
                      <h2
                        id={`site-${verification.id}`}
                        className="min-w-0 text-base font-semibold text-slate-900"
                      >
                        <Address url={verification.siteUrl} />
                      </h2>
                      {verification.verifiedAt ? (
                        <Badge tone="green">
                          Verified {DATE.format(new Date(verification.verifiedAt))}
                        </Badge>
                      ) : (
                        <Badge tone="yellow">Pending</Badge>
                      )}
                    </div>
                    {verification.verifiedAt ? null : (
                      <>
                        <VerificationProofs
                          verification={verification}
                          headingRef={(element) => {
                            if (element) headings.current.set(verification.id, element);
                            else headings.current.delete(verification.id);
                          }}
                        />
                        {verification.lastError && !shown ? (
                          <p>Last check: {verification.lastError}</p>
                        ) : null}
                      </>
                    )}
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        // Not `disabled` while busy: a disabled button loses focus.
                        onClick={() => (busy === null ? void verify(verification) : undefined)}
                        aria-disabled={busy !== null}
                        aria-label={`${verification.verifiedAt ? 'Check again' : 'Verify'} ${verification.siteUrl}`}
                      >
                        {working ? <Spinner /> : null}
                        {verification.verifiedAt ? 'Check again' : 'Verify'}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => (busy === null ? void remove(verification) : undefined)}
                        aria-disabled={busy !== null}
                        aria-label={`Remove ${verification.siteUrl}`}
                      >
                        Remove
                      </Button>
                    </div>
                    <p
                      role="status"
                      aria-live="polite"
                      className={
                        shown?.tone === 'error'
                          ? 'text-red-700'
                          : shown
                            ? 'text-green-800'
                            : 'sr-only'
                      }
                    >
                      {shown?.text ?? ''}
                    </p>
                  </section>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
