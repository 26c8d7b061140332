import type { SiteFindingItem } from '@crawlwise/shared/site-findings';

/**
 * "Linked from …" under an affected item of a site finding: its source pages with their anchor
 * text, and how many more there are than the answer carries. Nothing when it has no sources.
 */
export function LinkedFrom({ item }: { item: Pick<SiteFindingItem, 'sources' | 'sourceCount'> }) {
  if (item.sources.length === 0) return null;
  return (
    <p className="break-all text-slate-600">
      Linked from{' '}
      {item.sources
        .map((source) => (source.anchor ? `${source.url} (“${source.anchor}”)` : source.url))
        .join(', ')}
      {item.sourceCount > item.sources.length
        ? ` and ${item.sourceCount - item.sources.length} more`
        : ''}
    </p>
  );
}
