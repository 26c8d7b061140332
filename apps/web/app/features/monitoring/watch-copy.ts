import type { WatchFrequency, WatchKind } from '@crawlwise/shared/watches';

/** How a frequency reads in a sentence and in a list. */
export const FREQUENCY_LABEL: Readonly<Record<WatchFrequency, string>> = {
  daily: 'Daily',
  weekly: 'Weekly',
};

/** What a watch checks, as the profile's list names it. */
export const KIND_LABEL: Readonly<Record<WatchKind, string>> = {
  page: 'Page',
  site: 'Whole site',
  crawl: 'Crawl',
};
