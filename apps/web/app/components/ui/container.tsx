import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

const MAX_WIDTH_CLASS = /(^|\s)max-w-/;

/**
 * The site's content width: 1100 px (spec point 2), with side padding on small screens. A
 * narrower `max-w-*` in `className` replaces the 1100 px (two max-width classes on one element
 * would be settled by the stylesheet's order, not by which one was meant).
 */
export function Container({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  const ownWidth = className !== undefined && MAX_WIDTH_CLASS.test(className);
  return (
    <div
      className={cn('mx-auto w-full px-4 sm:px-6', ownWidth ? null : 'max-w-[1100px]', className)}
      {...props}
    />
  );
}
