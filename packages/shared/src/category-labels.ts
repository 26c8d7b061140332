import type { CheckCategory } from './report.ts';

/** The score model's categories as screens name them (report, comparison, exports). */
export const CATEGORY_LABEL: Record<CheckCategory, string> = {
  crawlability: 'Crawlability',
  performance: 'Performance',
  metadata: 'Metadata',
  social: 'Social',
  content: 'Content',
  links: 'Links',
};
