import { PATHS } from '@crawlwise/shared/routes';
import { FileClock, ListChecks, Trash2 } from 'lucide-react';
import { AppLink } from '../components/app-link.tsx';
import { Container } from '../components/ui/container.tsx';
import { AuthScreen } from '../features/auth/auth-screen.tsx';
import { pageMeta } from '../lib/meta.ts';

export function meta() {
  return [
    ...pageMeta(
      PATHS.auth,
      'Sign in to Crawlwise',
      'Sign in or create a free Crawlwise account to keep your SEO reports and see every issue they find.',
    ),
    { name: 'robots', content: 'noindex' },
  ];
}

/** What an account changes, beside the form (true of the accounts feature as built). */
const ACCOUNT_GIVES = [
  {
    icon: ListChecks,
    title: 'Every finding, not just three',
    text: 'Signed in, you see every finding of your reports with its fix, free during the beta.',
  },
  {
    icon: FileClock,
    title: 'Your reports in one place',
    text: 'Reports you run while signed in are listed on your profile with their score and date.',
  },
  {
    icon: Trash2,
    title: 'Yours to delete',
    text: 'Delete a report, or your account with all its reports, whenever you want.',
  },
];

export default function AuthRoute() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <Container className="section-y grid max-w-5xl grid-cols-1 items-center gap-12 lg:grid-cols-[1fr_28rem]">
        <div className="lg:order-2">
          <AuthScreen />
        </div>
        <aside aria-labelledby="account-benefits" className="lg:order-1">
          <h2 id="account-benefits" className="text-2xl font-bold">
            Why create an account
          </h2>
          <ul className="mt-6 space-y-6">
            {ACCOUNT_GIVES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white text-brand-600 ring-1 ring-brand-200">
                  <Icon className="size-5" aria-hidden />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-8 text-sm text-slate-600">
            No account is needed for a free score and the top 3 fixes. An account stores your name,
            email and reports; the{' '}
            <AppLink to={PATHS.privacy} className="font-medium text-brand-700 underline">
              privacy policy
            </AppLink>{' '}
            says how they are used.
          </p>
        </aside>
      </Container>
    </section>
  );
}
