import { PATHS } from '@crawlwise/shared/routes';
import { UserRound } from 'lucide-react';
import { AppLink } from '../components/app-link.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { Container } from '../components/ui/container.tsx';
import { pageMeta } from '../lib/meta.ts';

export function meta() {
  return pageMeta(
    PATHS.auth,
    'Sign in to Crawlwise',
    'Accounts for Crawlwise are coming soon. Until then every SEO check works without an account: keep your report link to come back to it.',
  );
}

/**
 * Accounts are not built yet. Rather than a sign-in form that cannot work, this page says so and
 * points to what does work without an account.
 */
export default function AuthRoute() {
  return (
    <Container className="max-w-xl py-20 text-center">
      <UserRound className="mx-auto size-12 text-brand-600" aria-hidden />
      <h1 className="mt-6 text-3xl font-bold">Accounts are coming soon</h1>
      <p className="mt-4 text-slate-600">
        Sign-in and sign-up open with the next release. Until then every check works without an
        account: your report stays available at its link, so bookmark it to come back later.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <AppLink to={PATHS.runATest} className={buttonClasses('primary', 'lg')}>
          Run a free check
        </AppLink>
        <AppLink to={PATHS.home} className={buttonClasses('outline', 'lg')}>
          Back to home
        </AppLink>
      </div>
    </Container>
  );
}
