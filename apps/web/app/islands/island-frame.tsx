import type { ReactNode } from 'react';
import { type Location, Router } from 'react-router';
import { documentNavigator } from './document-navigator.ts';

export type IslandLocation = Pick<Location, 'pathname' | 'search' | 'hash'>;

/**
 * What every island renders inside, on the server and in the browser alike (the two must match
 * for hydration): a router that knows the page's address, so links and `useLocation()` work, and
 * that leaves the page for any navigation (document-navigator.ts).
 */
export function IslandFrame({
  location,
  children,
}: {
  location: IslandLocation;
  children: ReactNode;
}) {
  return (
    <Router location={location} navigator={documentNavigator}>
      {children}
    </Router>
  );
}
