import { cn } from '../../lib/cn.ts';

/** A round picture, or the given letter on a tinted disc when there is none. */
export function Avatar({
  src,
  fallback,
  className,
}: {
  src: string | null;
  fallback: string;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-800',
        className,
      )}
    >
      {src ? (
        <img src={src} alt="" className="size-full object-cover" />
      ) : (
        <span aria-hidden>{fallback}</span>
      )}
    </span>
  );
}
