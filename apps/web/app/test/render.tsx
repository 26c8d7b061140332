import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from '../components/ui/toaster.tsx';

/** Shows where the app navigated to, so tests can assert on it. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders `element` at `path` inside a memory router with the toaster; any other path renders a
 * probe that shows the current location.
 */
export function renderRoute(
  element: ReactNode,
  { path = '/', url, state }: { path?: string; url?: string; state?: unknown } = {},
) {
  const router = createMemoryRouter(
    [
      {
        path,
        element,
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [state === undefined ? (url ?? path) : { ...splitUrl(url ?? path), state }] },
  );
  // The toaster lives outside the routes, as in the app shell, so toasts survive navigation.
  return {
    router,
    ...render(
      <>
        <RouterProvider router={router} />
        <Toaster />
      </>,
    ),
  };
}

/** '/report?token=a' → { pathname: '/report', search: '?token=a' }, for a history entry with state. */
function splitUrl(url: string) {
  const at = url.indexOf('?');
  return at < 0 ? { pathname: url } : { pathname: url.slice(0, at), search: url.slice(at) };
}

/** A fetch answer with a JSON body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
