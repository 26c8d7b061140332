import type { WatchFrequency } from '@crawlwise/shared/watches';

/** How a frequency reads in a sentence and in a list. */
export const FREQUENCY_LABEL: Readonly<Record<WatchFrequency, string>> = {
  daily: 'Daily',
  weekly: 'Weekly',
};
