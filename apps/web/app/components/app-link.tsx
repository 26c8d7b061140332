import type { MouseEvent } from 'react';
import {
  Link,
  type LinkProps,
  NavLink,
  type NavLinkProps,
  type To,
  useLocation,
} from 'react-router';

export const scrollToTop = (behavior: ScrollBehavior = 'smooth') =>
  window.scrollTo({ top: 0, left: 0, behavior });

/**
 * A link to the page you are on scrolls to the top instead of navigating (spec point 2), so
 * "Home" on the home page is never a dead click.
 */
function useCurrentRouteClick(to: To, onClick?: (event: MouseEvent<HTMLAnchorElement>) => void) {
  const location = useLocation();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}`;
    if (target === `${location.pathname}${location.search}` || target === location.pathname) {
      event.preventDefault();
      scrollToTop();
    }
  };
}

export function AppLink({ to, onClick, ...props }: LinkProps) {
  return <Link to={to} onClick={useCurrentRouteClick(to, onClick)} {...props} />;
}

export function AppNavLink({ to, onClick, ...props }: NavLinkProps) {
  return <NavLink to={to} onClick={useCurrentRouteClick(to, onClick)} {...props} />;
}
