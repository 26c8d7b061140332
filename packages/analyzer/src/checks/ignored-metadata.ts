import type { IgnoredElement } from '../page/head.ts';
import { MAX_LISTED } from './markup-helpers.ts';

/**
 * How findings talk about metadata Google does not read (see page/head.ts and
 * page/metadata.ts): a short status for the message, and sentences for `why` that name the
 * element, its line, the reason and the fix.
 */

/** "ignored: the head ended at <iframe> on line 12" (the first reason). */
export function ignoredStatus(ignored: readonly IgnoredElement[]): string {
  return `ignored: ${ignored[0]!.reason}`;
}

function advice(reason: string): string {
  if (reason.startsWith('the head ended at')) {
    return 'Google reads metadata only from <head>, and the head ends at the first thing that does not belong there (anything but title, meta, link, script, style, base, noscript and template, or visible text). Move that element into <body>, or put the metadata above it.';
  }
  if (reason.startsWith('it uses ')) return 'Write the attribute the tag is read by.';
  if (reason === 'it is in the <body>')
    return 'Google reads metadata only from <head>: move it there.';
  return 'Move it into <head>, outside that element.';
}

/** "The <title> on line 40 is ignored: the head ended at <iframe> on line 12. <the fix>" */
export function ignoredExplanation(ignored: readonly IgnoredElement[]): string {
  const first = ignored[0]!;
  const others = ignored.length > 1 ? ` (and ${ignored.length - 1} more like it)` : '';
  return `The ${first.element} on line ${first.line}${others} is ignored: ${first.reason}. ${advice(first.reason)}`;
}

/** What `details.ignored` lists. */
export function ignoredDetails(ignored: readonly IgnoredElement[]): IgnoredElement[] {
  return ignored.slice(0, MAX_LISTED);
}
