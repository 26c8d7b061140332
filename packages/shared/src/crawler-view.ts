/**
 * The crawler view (issue 9 item 2): for each signal the rendered-* checks and js-rendering
 * compare, what the server HTML holds beside what the page holds after JavaScript. Read from the
 * findings' details, here once, so the report screen and the report comparison agree.
 */

import { type MappedCheckId, readDetails } from './check-details.ts';

/** The crawler-view checks, in the order the view lists them (each reads typed details). */
export const CRAWLER_VIEW_CHECKS = [
  { id: 'rendered-title', signal: 'Title' },
  { id: 'rendered-meta-description', signal: 'Meta description' },
  { id: 'rendered-canonical', signal: 'Canonical' },
  { id: 'rendered-robots', signal: 'Robots directives' },
  { id: 'rendered-h1', signal: 'H1 headings' },
  { id: 'rendered-hreflang', signal: 'Hreflang alternates' },
  { id: 'rendered-structured-data', signal: 'Structured data' },
  { id: 'rendered-links', signal: 'Internal links' },
  { id: 'js-rendering', signal: 'Main text' },
] as const satisfies readonly { id: MappedCheckId; signal: string }[];

export type CrawlerViewCheckId = (typeof CRAWLER_VIEW_CHECKS)[number]['id'];

/** One side of a signal as the view prints it: a text, a list, or nothing. */
export type SideValue = string | string[] | null;

const asSide = (value: unknown): SideValue => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((entry) => String(entry));
  return null;
};

const count = (value: unknown, noun: string): string | null =>
  typeof value === 'number' ? `${value} ${noun}${value === 1 ? '' : 's'}` : null;

/** Both sides of one crawler-view finding, from the detail keys its check writes. */
export function crawlerSides(
  check: CrawlerViewCheckId,
  details: unknown,
): [server: SideValue, rendered: SideValue] {
  switch (check) {
    case 'rendered-links': {
      const links = readDetails(check, details);
      return [
        count(links.serverLinks, 'internal link'),
        count(links.renderedLinks, 'internal link'),
      ];
    }
    case 'js-rendering': {
      const words = readDetails(check, details);
      return [count(words.serverWords, 'word'), count(words.renderedWords, 'word')];
    }
    default: {
      const sides = readDetails(check, details);
      return [asSide(sides.server), asSide(sides.rendered)];
    }
  }
}
