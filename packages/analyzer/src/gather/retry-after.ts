/**
 * Reads a `Retry-After` header (RFC 9110 §10.2.3): either a number of seconds or an HTTP date.
 * Answers how long to wait from `now`, in ms: 0 for a date already past, null when the header is
 * missing or neither form. Capping the wait is the caller's policy (shared/crawl-pace.ts).
 */
export function parseRetryAfter(
  value: string | undefined,
  now: number = Date.now(),
): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date always names its weekday or month in letters; a bare number is not one.
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
