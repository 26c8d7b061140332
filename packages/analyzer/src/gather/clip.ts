/**
 * Error messages quote what a site or a user sent (a host, a URL, a header value) so the page
 * owner can see what went wrong. Those values can be tens of kilobytes long: quotes are clipped,
 * so a message stays a sentence and never carries an attacker's payload whole.
 */

/** Longest quote of outside input in a message, in characters. */
export const MAX_QUOTE_LENGTH = 100;

/** `text`, or its first `max - 1` characters and an ellipsis when it is longer than `max`. */
export function clip(text: string, max: number = MAX_QUOTE_LENGTH): string {
  if (text.length <= max) return text;
  let head = text.slice(0, max - 1);
  // Never end on half a surrogate pair (an emoji cut in two).
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return `${head}…`;
}
