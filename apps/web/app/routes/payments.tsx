import { PATHS } from '@crawlwise/shared/routes';
import { CreditCard } from 'lucide-react';
import { AppLink } from '../components/app-link.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { Container } from '../components/ui/container.tsx';
import { pageMeta } from '../lib/meta.ts';

export function meta() {
  return pageMeta(
    PATHS.payments,
    'Payments are not open yet during the beta',
    'Crawlwise is free during the beta, so there is nothing to pay yet. Run a free check now, or see the plans we will offer once pricing launches.',
  );
}

/** The pricing cards lead here; with nothing to sell yet, the page says so plainly. */
export default function PaymentsRoute() {
  return (
    <Container className="section-y max-w-2xl text-center">
      <CreditCard className="mx-auto size-12 text-brand-600" aria-hidden />
      <h1 className="mt-6 text-4xl font-bold">Payments are not open yet</h1>
      <p className="mt-4 text-lg text-slate-600">
        Crawlwise is free during the beta, so there is nothing to pay. When paid plans launch, you
        will be able to buy single pages, bundles or a Pro subscription here. We will never charge
        you without asking.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <AppLink to={PATHS.runATest} className={buttonClasses('primary', 'lg')}>
          Run a free check
        </AppLink>
        <AppLink to={PATHS.pricing} className={buttonClasses('outline', 'lg')}>
          Back to pricing
        </AppLink>
      </div>
    </Container>
  );
}
