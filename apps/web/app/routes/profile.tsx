import { PATHS } from '@crawlwise/shared/routes';
import { Navigate } from 'react-router';
import { Container } from '../components/ui/container.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useAuth } from '../features/auth/use-auth.ts';

export function meta() {
  return [{ title: 'My Profile | Crawlwise' }, { name: 'robots', content: 'noindex' }];
}

/** Signed-out visitors are sent to /auth once the session is known (spec point 6). */
export default function ProfileRoute() {
  const auth = useAuth();
  if (auth.status === 'loading') {
    return (
      <Container className="flex justify-center py-24">
        <Spinner label="Loading" className="size-6" />
      </Container>
    );
  }
  return <Navigate to={PATHS.auth} replace />;
}
