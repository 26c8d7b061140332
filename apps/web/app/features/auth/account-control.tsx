import { PATHS } from '@crawlwise/shared/routes';
import { lazy, Suspense } from 'react';
import { AppLink } from '../../components/app-link.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Island } from '../../islands/island.tsx';
import { useAuth } from './use-auth.ts';

const AccountMenu = lazy(() => import('./account-menu.tsx'));

/**
 * Header slot (spec point 2): nothing while the session is unknown, so neither button flickers;
 * Sign In when signed out; the 'My Account' menu when signed in. The menu's button (the avatar)
 * shows on every screen size, so on small screens, where the main navigation is hidden, Profile
 * and Sign Out stay one tap away. The menu is its own chunk (account-menu.tsx), loaded once the
 * session says someone is signed in.
 */
export function AccountControl() {
  const auth = useAuth();
  if (auth.status === 'loading') return null;
  if (auth.status === 'signed-out') {
    return (
      <AppLink to={PATHS.auth} className={buttonClasses('primary', 'sm')}>
        Sign In
      </AppLink>
    );
  }
  return (
    <Suspense fallback={null}>
      <AccountMenu user={auth.user} />
    </Suspense>
  );
}

export function AccountControlIsland() {
  return <Island name="account-control" component={AccountControl} props={{}} />;
}
