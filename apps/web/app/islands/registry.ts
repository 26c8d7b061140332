import type { ComponentType } from 'react';

/**
 * Every island a prerendered page may carry, by the name its wrapper is marked with: the module
 * that defines it (relative to app/, so the build can tell which chunk holds it and preload that
 * chunk on the pages that use it) and how the browser loads its component. Each island is its own
 * chunk, so a page loads the code of the islands it has and no other.
 */
export interface IslandEntry {
  module: string;
  // biome-ignore lint/suspicious/noExplicitAny: props arrive as JSON and are the component's own
  load: () => Promise<ComponentType<any>>;
}

export const ISLANDS = {
  'account-control': {
    module: 'features/auth/account-control.tsx',
    load: () => import('../features/auth/account-control.tsx').then((m) => m.AccountControl),
  },
  'mobile-nav': {
    module: 'features/layout/mobile-nav.tsx',
    load: () => import('../features/layout/mobile-nav.tsx').then((m) => m.MobileNav),
  },
  'back-to-top': {
    module: 'features/layout/back-to-top.tsx',
    load: () => import('../features/layout/back-to-top.tsx').then((m) => m.BackToTop),
  },
  toaster: {
    module: 'components/ui/toaster.tsx',
    load: () => import('../components/ui/toaster.tsx').then((m) => m.Toaster),
  },
  'rotating-word': {
    module: 'components/rotating-word.tsx',
    load: () => import('../components/rotating-word.tsx').then((m) => m.RotatingWord),
  },
  'url-bar': {
    module: 'features/url-bar/url-bar.tsx',
    load: () => import('../features/url-bar/url-bar.tsx').then((m) => m.UrlBar),
  },
  'contact-form': {
    module: 'features/contact/contact-form.tsx',
    load: () => import('../features/contact/contact-form.tsx').then((m) => m.ContactForm),
  },
  'partner-form': {
    module: 'features/partner/partner-form.tsx',
    load: () => import('../features/partner/partner-form.tsx').then((m) => m.PartnerForm),
  },
  accordion: {
    module: 'components/ui/accordion.tsx',
    load: () => import('../components/ui/accordion.tsx').then((m) => m.Accordion),
  },
  'not-found': {
    module: 'components/not-found-view.tsx',
    load: () => import('../components/not-found-view.tsx').then((m) => m.NotFoundView),
  },
} satisfies Record<string, IslandEntry>;

export type IslandName = keyof typeof ISLANDS;

export function isIslandName(value: unknown): value is IslandName {
  return typeof value === 'string' && Object.hasOwn(ISLANDS, value);
}
