import { PATHS } from '@crawlwise/shared/routes';
import { Sparkles } from 'lucide-react';
import { AppLink } from '../../components/app-link.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';

/**
 * Shown to anonymous readers only. It promises exactly what a signed-in reader's report holds
 * (full-report.tsx), nothing more.
 */
export function UnlockBanner({ accessToken }: { accessToken?: string | null }) {
  return (
    <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-8 text-white">
      <div className="flex items-start gap-3">
        <Sparkles className="mt-1 size-6 shrink-0" aria-hidden />
        <div>
          <h2 className="text-2xl font-bold">Unlock Your Full SEO Report</h2>
          <p className="mt-2 max-w-2xl text-brand-100">
            Sign in to see every finding with why it matters and how to fix it, the score ledger of
            what each fix is worth, what crawlers see with and without JavaScript, which bots may
            fetch the page and your rich-result eligibility. Full reports are free while we are in
            beta.
          </p>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <AppLink
          to={accessToken ? PATHS.authThenReturnTo(PATHS.reportFor(accessToken)) : PATHS.auth}
          className={buttonClasses('outline', 'lg')}
        >
          Sign in free
        </AppLink>
        <AppLink to={PATHS.pricing} className={buttonClasses('outline', 'lg')}>
          Start Free Trial
        </AppLink>
        <AppLink
          to={PATHS.pricing}
          className={`${buttonClasses('ghost', 'lg')} text-white hover:bg-white/10`}
        >
          View Pricing
        </AppLink>
      </div>
    </section>
  );
}
