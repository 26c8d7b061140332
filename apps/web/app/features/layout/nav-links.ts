import { PATHS } from '@crawlwise/shared/routes';

export const HEADER_LINKS = [
  { to: PATHS.home, label: 'Home' },
  { to: PATHS.features, label: 'Features' },
  { to: PATHS.pricing, label: 'Pricing' },
  { to: PATHS.contact, label: 'Contact' },
  { to: PATHS.howItWorks, label: 'How It Works' },
] as const;

export const FOOTER_LINKS = [
  { to: PATHS.features, label: 'Features' },
  { to: PATHS.howItWorks, label: 'How It Works' },
  { to: PATHS.pricing, label: 'Pricing' },
  { to: PATHS.contact, label: 'Contact' },
  { to: PATHS.about, label: 'About' },
  { to: PATHS.partner, label: 'Partner Program' },
  { to: PATHS.terms, label: 'Terms' },
  { to: PATHS.privacy, label: 'Privacy' },
] as const;
