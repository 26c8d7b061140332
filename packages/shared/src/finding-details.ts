/**
 * A finding's `details` read by people: every check writes its own keys (counts, offending
 * images, links, elements), so they are shown generically — each key a labelled value, each list
 * item on its own — without per-check code. The report screen draws them; the CSV export writes
 * the same reading as plain text beside the JSON (issue 27).
 */

import { FIX_SNIPPET_KEY } from './check-details.ts';

/** Keys shown elsewhere (the fix snippet), or only for machines. */
export const HIDDEN_DETAIL_KEYS: ReadonlySet<string> = new Set([FIX_SNIPPET_KEY]);

/** "serverLinks" → "Server links". */
export function keyLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A single value as text: yes/no, "(empty)", "—" for nothing, a list joined by commas. */
export function scalarText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(scalarText).join(', ');
  return JSON.stringify(value);
}

/** One object of a list (an offending image, a link) on one line: "Src: a.png · Alt: —". */
export function inlineRecord(record: Record<string, unknown>): string {
  return Object.entries(record)
    .map(
      ([key, value]) =>
        `${keyLabel(key)}: ${isRecord(value) ? JSON.stringify(value) : scalarText(value)}`,
    )
    .join(' · ');
}

/** The details as plain text, one labelled line per key (list items indented below it). */
export function detailsPlainText(details: Record<string, unknown>, indent = ''): string {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (HIDDEN_DETAIL_KEYS.has(key)) continue;
    if (Array.isArray(value) && value.some(isRecord)) {
      lines.push(`${indent}${keyLabel(key)}:`);
      for (const entry of value) {
        lines.push(`${indent}  - ${isRecord(entry) ? inlineRecord(entry) : scalarText(entry)}`);
      }
    } else if (isRecord(value)) {
      lines.push(`${indent}${keyLabel(key)}:`, detailsPlainText(value, `${indent}  `));
    } else {
      lines.push(`${indent}${keyLabel(key)}: ${scalarText(value)}`);
    }
  }
  return lines.filter(Boolean).join('\n');
}
