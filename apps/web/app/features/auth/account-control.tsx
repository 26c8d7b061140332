import { PATHS } from '@crawlwise/shared/routes';
import { AppLink } from '../../components/app-link.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useAuth } from './use-auth.ts';

/** Header slot: nothing while the session is unknown, so the button never flickers. */
export function AccountControl() {
  const auth = useAuth();
  if (auth.status === 'loading') return null;
  return (
    <AppLink to={PATHS.auth} className={buttonClasses('primary', 'sm')}>
      Sign In
    </AppLink>
  );
}
