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
  // Not in the spec's footer list: the developers page (issue 22, item 5) needs a way in, and
  // the footer is where the other secondary marketing pages live (docs/decisions.md).
  { to: PATHS.developers, label: 'For Developers' },
  { to: PATHS.pricing, label: 'Pricing' },
  { to: PATHS.contact, label: 'Contact' },
  { to: PATHS.about, label: 'About' },
  { to: PATHS.partner, label: 'Partner Program' },
  { to: PATHS.terms, label: 'Terms' },
  { to: PATHS.privacy, label: 'Privacy' },
] as const;
