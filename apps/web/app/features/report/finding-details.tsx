/**
 * A finding's `details`, shown generically: every check writes its own keys (counts, offending
 * images, links, elements), so each key becomes a row and each list a list, without per-check code.
 */

/** Keys shown elsewhere on the card, or only for machines. */
const HIDDEN_KEYS = new Set(['fixSnippet']);

/** "serverLinks" → "Server links". */
export function keyLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(scalar).join(', ');
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One object of a list (an offending image, a link) on one line: "src: a.png · alt: —". */
function inlineRecord(record: Record<string, unknown>): string {
  return Object.entries(record)
    .map(
      ([key, value]) =>
        `${keyLabel(key)}: ${isRecord(value) ? JSON.stringify(value) : scalar(value)}`,
    )
    .join(' · ');
}

function DetailValue({ value }: { value: unknown }) {
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="text-slate-600">None</span>;
    return (
      <ul className="list-disc space-y-1 pl-5">
        {value.map((entry, index) => (
          // Entries have no identity of their own; the list never reorders.
          // biome-ignore lint/suspicious/noArrayIndexKey: static list
          <li key={index} className="break-all">
            {isRecord(entry) ? inlineRecord(entry) : scalar(entry)}
          </li>
        ))}
      </ul>
    );
  }
  if (isRecord(value)) return <DetailList details={value} />;
  return <span className="break-all">{scalar(value)}</span>;
}

export function DetailList({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details).filter(([key]) => !HIDDEN_KEYS.has(key));
  if (entries.length === 0) return null;
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,max-content)_1fr]">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-medium text-slate-700">{keyLabel(key)}</dt>
          <dd className="min-w-0 text-slate-900">
            <DetailValue value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** True when the details hold anything the reader can see. */
export const hasVisibleDetails = (details: Record<string, unknown>) =>
  Object.keys(details).some((key) => !HIDDEN_KEYS.has(key));
