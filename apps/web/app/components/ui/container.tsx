import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

/** The site's content width: 1100 px (spec point 2), with side padding on small screens. */
export function Container({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('mx-auto w-full max-w-[1100px] px-4 sm:px-6', className)} {...props} />;
}
