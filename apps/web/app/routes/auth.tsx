import { PATHS } from '@crawlwise/shared/routes';
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

export default function AuthRoute() {
  return <AuthScreen />;
}
