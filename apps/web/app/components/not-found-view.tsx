import { PATHS } from '@crawlwise/shared/routes';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Island } from '../islands/island.tsx';
import { AppLink } from './app-link.tsx';
import { buttonClasses } from './ui/button.tsx';
import { Container } from './ui/container.tsx';

/** The 404 page. The unknown path is logged (spec point 2); the server also answers it with 404. */
export function NotFoundView() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);
  return (
    <Container className="py-24 text-center">
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-3xl font-bold">Oops! Page not found</h1>
      <p className="mt-3 text-slate-600">
        The page you are looking for does not exist or has moved.
      </p>
      <AppLink to={PATHS.home} className={`${buttonClasses('primary', 'lg')} mt-8`}>
        Return to Home
      </AppLink>
    </Container>
  );
}

/** The 404 view as an island: it logs the address actually asked for, not the one prerendered. */
export function NotFoundViewIsland() {
  return <Island name="not-found" component={NotFoundView} props={{}} />;
}
