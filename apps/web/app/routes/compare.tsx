import { PATHS } from '@crawlwise/shared/routes';
import { useSearchParams } from 'react-router';
import { useAuth } from '../features/auth/use-auth.ts';
import { CompareScreen } from '../features/compare/compare-screen.tsx';
import { useComparison } from '../features/compare/use-comparison.ts';

export function meta() {
  // Like a report, a comparison belongs to whoever holds its link.
  return [{ title: 'Compare Reports | Crawlwise' }, { name: 'robots', content: 'noindex' }];
}

/**
 * /compare?a=<older report's token>&b=<newer report's token> (a fixed address: monitoring mails
 * link here). Anyone with the link may read it; the server decides what of it they may see.
 */
export default function CompareRoute() {
  const [searchParams] = useSearchParams();
  const a = searchParams.get('a') ?? '';
  const b = searchParams.get('b') ?? '';
  const auth = useAuth();
  const sessionKey =
    auth.status === 'loading' ? null : auth.status === 'signed-in' ? auth.user.id : 'anonymous';
  const state = useComparison(a, b, sessionKey);
  return <CompareScreen state={state} path={PATHS.compareFor(a, b)} />;
}
