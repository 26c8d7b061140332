import {
  HIDDEN_DETAIL_KEYS,
  inlineRecord,
  isRecord,
  keyLabel,
  scalarText,
} from '@crawlwise/shared/finding-details';

/**
 * A finding's `details`, shown generically: every check writes its own keys (counts, offending
 * images, links, elements), so each key becomes a row and each list a list, without per-check code.
 */

export { keyLabel };

function DetailValue({ value }: { value: unknown }) {
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="text-slate-600">None</span>;
    return (
      <ul className="list-disc space-y-1 pl-5">
        {value.map((entry, index) => (
          // Entries have no identity of their own; the list never reorders.
          // biome-ignore lint/suspicious/noArrayIndexKey: static list
          <li key={index} className="break-all">
            {isRecord(entry) ? inlineRecord(entry) : scalarText(entry)}
          </li>
        ))}
      </ul>
    );
  }
  if (isRecord(value)) return <DetailList details={value} />;
  return <span className="break-all">{scalarText(value)}</span>;
}

export function DetailList({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details).filter(([key]) => !HIDDEN_DETAIL_KEYS.has(key));
  if (entries.length === 0) return null;
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,max-content)_minmax(0,1fr)]">
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
  Object.keys(details).some((key) => !HIDDEN_DETAIL_KEYS.has(key));
