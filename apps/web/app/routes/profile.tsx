import { PATHS } from '@crawlwise/shared/routes';
import { Navigate, useNavigate } from 'react-router';
import { Container } from '../components/ui/container.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { ApiTokensCard } from '../features/api-tokens/api-tokens-card.tsx';
import { sessionStore } from '../features/auth/session-store.ts';
import { avatarSrc, initial, useAuth } from '../features/auth/use-auth.ts';
import { WatchList } from '../features/monitoring/watch-list.tsx';
import { ProfileScreen } from '../features/profile/profile-screen.tsx';
import { SiteChecksSection } from '../features/site-check/site-checks-section.tsx';

export function meta() {
  return [{ title: 'My Profile | Crawlwise' }, { name: 'robots', content: 'noindex' }];
}

/**
 * Signed-out visitors are sent to /auth once the session is known (spec point 6); a visitor who
 * just signed out or deleted the account here goes home (spec point 2: after sign-out, /).
 */
export default function ProfileRoute() {
  const auth = useAuth();
  const navigate = useNavigate();
  if (auth.status === 'loading') {
    return (
      <Container className="flex justify-center py-24">
        <Spinner label="Loading" className="size-6" />
      </Container>
    );
  }
  if (auth.status === 'signed-out') {
    return <Navigate to={auth.left ? PATHS.home : PATHS.auth} replace />;
  }
  const { user } = auth;
  return (
    <>
      <ProfileScreen
        user={{
          name: user.name?.trim() || user.email,
          fullName: user.name ?? '',
          email: user.email,
          avatarSrc: avatarSrc(user.image),
          initial: initial(user),
          memberSince: user.createdAt ?? null,
        }}
        refreshUser={() => sessionStore.refresh()}
        onAccountDeleted={async () => {
          await navigate(PATHS.home, { replace: true });
          sessionStore.signedOut();
        }}
      />
      <SiteChecksSection />
      {/* Monitoring (docs/monitoring.md): its own feature, below the report history. */}
      <Container className="-mt-4 space-y-6 pb-10">
        <WatchList />
        <ApiTokensCard />
      </Container>
    </>
  );
}
