import { addressParts } from '@crawlwise/shared/display';
import { cn } from '../../lib/cn.ts';

/**
 * A page address on one line in a list: when it does not fit, its middle gives way (an ellipsis
 * after the start) and its end stays readable, so the rows of one site still differ. The whole
 * address is the element's title and, for screen readers, its text.
 */
export function Address({ url, className }: { url: string; className?: string }) {
  const { head, tail } = addressParts(url);
  return (
    <span className={cn('flex min-w-0', className)} title={url}>
      <span className="sr-only">{url}</span>
      <span aria-hidden className="truncate">
        {head}
      </span>
      {tail ? (
        <span aria-hidden className="shrink-0 whitespace-pre">
          {tail}
        </span>
      ) : null}
    </span>
  );
}
