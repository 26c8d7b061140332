import { env } from './env.ts';

export const PRODUCT_NAME = 'Crawlwise';
export const SUPPORT_EMAIL = env.VITE_SUPPORT_EMAIL;

/** Rotating hero words (spec point 2), shared by home and run-a-test. */
export const HERO_WORDS = ['copilot', 'analyst', 'optimizer', 'advisor'] as const;
export const HERO_WORD_INTERVAL_MS = 2500;

/**
 * The spec gives the footer two social links whose targets are placeholders: they stay "#" until
 * the product has its social accounts.
 */
export const SOCIAL_LINKS = [
  { network: 'x', label: 'Crawlwise on X', href: '#' },
  { network: 'linkedin', label: 'Crawlwise on LinkedIn', href: '#' },
] as const;
