export interface PricingTier {
  name: string;
  price: string;
  period: string;
  description: string;
  popular: boolean;
  features: string[];
}

/** The planned tiers (spec point 9). Nothing is charged during the beta. */
export const PRICING_TIERS: PricingTier[] = [
  {
    name: 'Starter',
    price: '$15',
    period: 'per page',
    description: 'The full playbook for one page, with no subscription.',
    popular: false,
    features: [
      'Full report for one page',
      'Every finding with its fix',
      'Page credit never expires (each report stays readable for 30 days)',
      'PDF export',
    ],
  },
  {
    name: 'Bundle',
    price: '$49',
    period: 'for 5 pages',
    description: 'Five full reports at a lower price per page. Save $26.',
    popular: true,
    features: [
      'Full reports for 5 pages',
      'Save $26 compared to Starter',
      'Batch checkout',
      'Priority processing',
    ],
  },
  {
    name: 'Pro',
    price: '$99',
    period: 'per month',
    description: 'For teams and agencies looking after many pages.',
    popular: false,
    features: [
      'Unlimited report unlocks',
      'Sitemap and CSV batch analysis',
      'History and comparisons',
      'CSV and PDF exports',
      'Priority support',
      'Team collaboration',
    ],
  },
];

export const PRICING_FAQ = [
  {
    id: 'beta',
    question: 'Is Crawlwise free right now?',
    answer:
      'Yes. During the beta every check is free: you get the score and the top 3 fixes without an account. Paid plans launch after the beta.',
  },
  {
    id: 'expiry',
    question: 'Do credits expire?',
    answer: 'No. Credits do not expire while your account is active.',
  },
  {
    id: 'refund',
    question: 'What happens if an analysis fails?',
    answer:
      'A failed analysis gives you an automatic credit refund, so you only pay for reports you actually receive.',
  },
  {
    id: 'switch',
    question: 'Can I switch plans?',
    answer: 'Yes, at any time. Unused prepaid credits carry over to your new plan.',
  },
  {
    id: 'free-preview',
    question: 'What does the free preview include?',
    answer:
      'Your 0-100 score, the top 3 fixes for the page and a basic site summary. The full report adds every finding with its fix.',
  },
] as const;
