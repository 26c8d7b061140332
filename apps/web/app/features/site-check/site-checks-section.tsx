import { relativeTime, siteCheckTone } from '@crawlwise/shared/display';
import { PATHS } from '@crawlwise/shared/routes';
import { siteCheckProgressText } from '@crawlwise/shared/site-check';
import { Globe, ShieldCheck } from 'lucide-react';
import { AppLink } from '../../components/app-link.tsx';
import { Address } from '../../components/ui/address.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Container } from '../../components/ui/container.tsx';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { fetchSiteChecks, type SiteCheck, statusLabel } from './api/site-check-api.ts';

/** The profile's list of the account's site checks (the latest 20), with a way to start one. */
export function SiteChecksSection() {
  // A failed list is logged and shown as empty, as the report list above it is (spec point 7).
  const query = useApiQuery((signal) => fetchSiteChecks(signal), [], {
    onError: (code) => console.error('Could not load your site checks', code),
  });
  const checks: SiteCheck[] | null =
    query.status === 'success' ? query.data.siteChecks : query.status === 'error' ? [] : null;
  return (
    <Container className="pb-10">
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900">My Site Checks</h2>
          <div className="flex flex-wrap gap-2">
            <AppLink to={PATHS.sites} className={buttonClasses('outline', 'sm')}>
              <ShieldCheck className="size-4" aria-hidden />
              Your sites
            </AppLink>
            <AppLink to={PATHS.siteCheck} className={buttonClasses('outline', 'sm')}>
              <Globe className="size-4" aria-hidden />
              Check a whole site
            </AppLink>
          </div>
        </div>
        {checks === null ? (
          <div className="mt-4 h-16 animate-pulse rounded-xl bg-slate-100" aria-hidden />
        ) : checks.length === 0 ? (
          <p className="mt-4 text-slate-600">
            No site checks yet. A site check analyzes up to 200 pages of a site from its sitemap or
            a list.
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100">
            {checks.map((check) => (
              <li key={check.id}>
                <AppLink
                  to={PATHS.siteCheckFor(check.id)}
                  className="block rounded-lg px-2 py-3 hover:bg-slate-50"
                >
                  <Address url={check.siteUrl} className="font-medium text-slate-900" />
                  <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                    <span>{siteCheckProgressText(check.counts)}</span>
                    <span>{relativeTime(check.createdAt)}</span>
                    <Badge tone={siteCheckTone(check.status)}>{statusLabel(check)}</Badge>
                  </p>
                </AppLink>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </Container>
  );
}
