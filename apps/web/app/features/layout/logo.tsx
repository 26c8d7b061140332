import { Radar } from 'lucide-react';
import { PRODUCT_NAME } from '../../config/site.ts';

export function Logo() {
  return (
    <span className="flex items-center gap-2 text-lg font-bold text-slate-900">
      <Radar
        className="size-6 animate-spin-slow text-brand-600 motion-reduce:animate-none"
        aria-hidden
      />
      {PRODUCT_NAME}
    </span>
  );
}
