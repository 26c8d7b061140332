import type { ReactNode } from 'react';
import { ToasterIsland } from '../../components/ui/toaster.tsx';
import { BackToTopIsland } from './back-to-top.tsx';
import { BetaBanner } from './beta-banner.tsx';
import { ScrollToTopOnNavigate } from './scroll-to-top-on-navigate.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export function AppShell({
  account,
  workspace,
  children,
}: {
  account: ReactNode;
  workspace?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <ScrollToTopOnNavigate />
      <BetaBanner />
      <SiteHeader account={account} workspace={workspace} />
      <main id="main" className="min-h-[60vh]">
        {children}
      </main>
      <SiteFooter />
      <BackToTopIsland />
      <ToasterIsland />
    </>
  );
}
