import { env } from './env.ts';

export const PRODUCT_NAME = 'Crawlwise';
export const SUPPORT_EMAIL = env.VITE_SUPPORT_EMAIL;

/** Rotating hero words (spec point 2), shared by home and run-a-test. */
export const HERO_WORDS = ['copilot', 'analyst', 'optimizer', 'advisor'] as const;
export const HERO_WORD_INTERVAL_MS = 2500;

export type SocialNetwork = 'x' | 'linkedin';

/**
 * The footer's social links (spec point 2 gives two, with placeholder targets). A link that leads
 * nowhere is a dead end for visitors and an uncrawlable anchor for our own analyzer, so a network
 * is linked only when the build is given its profile address (VITE_SOCIAL_X_URL,
 * VITE_SOCIAL_LINKEDIN_URL); without them the footer shows none.
 */
export const SOCIAL_LINKS: ReadonlyArray<{ network: SocialNetwork; label: string; href: string }> =
  [
    { network: 'x' as const, label: `${PRODUCT_NAME} on X`, href: env.VITE_SOCIAL_X_URL },
    {
      network: 'linkedin' as const,
      label: `${PRODUCT_NAME} on LinkedIn`,
      href: env.VITE_SOCIAL_LINKEDIN_URL,
    },
  ].filter((link): link is { network: SocialNetwork; label: string; href: string } =>
    Boolean(link.href),
  );
