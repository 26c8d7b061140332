import { PATHS } from '@crawlwise/shared/routes';
import { useSearchParams } from 'react-router';
import { useAuth } from '../features/auth/use-auth.ts';
import { CompareScreen } from '../features/compare/compare-screen.tsx';
import { useComparison } from '../features/compare/use-comparison.ts';

const INCOMPLETE = 'This comparison link is incomplete: it needs the tokens of two reports.';

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
  const complete = a !== '' && b !== '';
  const sessionKey =
    !complete || auth.status === 'loading'
      ? null
      : auth.status === 'signed-in'
        ? auth.user.id
        : 'anonymous';
  const state = useComparison(a, b, sessionKey);
  // A link without both tokens is answered here, without asking the server.
  return (
    <CompareScreen
      state={
        complete
          ? state
          : { status: 'error', data: undefined, error: 'invalid_request', message: INCOMPLETE }
      }
      path={PATHS.compareFor(a, b)}
    />
  );
}
