import { PATHS } from '@crawlwise/shared/routes';
import type { ReactNode } from 'react';
import { AppLink, AppNavLink } from '../../components/app-link.tsx';
import { Container } from '../../components/ui/container.tsx';
import { cn } from '../../lib/cn.ts';
import { Logo } from './logo.tsx';
import { MobileNavIsland } from './mobile-nav.tsx';
import { HEADER_LINKS } from './nav-links.ts';

/**
 * `account` is the sign-in button or account menu, `workspace` the signed-in account's workspace
 * switcher, both supplied by the app so features stay apart.
 */
export function SiteHeader({ account, workspace }: { account: ReactNode; workspace?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      {/* The workspace switcher (signed in) sits before the account on wider screens; on a phone
          it takes a row of its own under the header's, so the first row stays within 375 px. */}
      <Container className="flex min-h-16 flex-wrap items-center justify-between gap-x-6">
        <AppLink to={PATHS.home} aria-label="Crawlwise home">
          <Logo />
        </AppLink>
        <nav aria-label="Main" className="hidden md:mx-auto md:block">
          <ul className="flex items-center gap-1">
            {HEADER_LINKS.map((link) => (
              <li key={link.to}>
                <AppNavLink
                  to={link.to}
                  end
                  className={({ isActive }) =>
                    cn(
                      'rounded-md px-3 py-2 text-sm font-medium transition-colors',
                      isActive
                        ? 'text-brand-700'
                        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                    )
                  }
                >
                  {link.label}
                </AppNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="order-last w-full pb-3 empty:hidden sm:order-none sm:ml-auto sm:w-auto sm:pb-0">
          {workspace}
        </div>
        <div className="flex h-16 items-center justify-end gap-2">
          <div className="flex min-w-20 justify-end">{account}</div>
          <MobileNavIsland />
        </div>
      </Container>
    </header>
  );
}
