import type { TileStatus, Tone } from '@crawlwise/shared/display';

/**
 * Tones for large text (a score, a tile's value: bold, 24 px and up), which needs 3:1 on white
 * (WCAG 1.4.3). Yellow is the one hue whose light shades fail even that: -500 gave "Attention
 * Required" 1.91:1 (issue 27); -700 is 4.5:1 and up, like the gray.
 */
export const TONE_TEXT: Record<Tone, string> = {
  green: 'text-green-600',
  blue: 'text-blue-600',
  yellow: 'text-yellow-700',
  red: 'text-red-600',
  gray: 'text-slate-500',
};

export const TONE_STROKE: Record<Tone, string> = {
  green: 'stroke-green-500',
  blue: 'stroke-blue-500',
  yellow: 'stroke-yellow-400',
  red: 'stroke-red-500',
  gray: 'stroke-slate-300',
};

export const TILE_TONE: Record<TileStatus, Tone> = {
  pass: 'green',
  warning: 'yellow',
  fail: 'red',
};

/**
 * The same tones for small text (a score in a list): the -600/-500 shades above reach the 3:1
 * that large text needs, not the 4.5:1 of body text on white (WCAG 1.4.3); these do.
 */
export const TONE_TEXT_SMALL: Record<Tone, string> = {
  green: 'text-green-700',
  blue: 'text-blue-700',
  yellow: 'text-yellow-800',
  red: 'text-red-700',
  gray: 'text-slate-600',
};
