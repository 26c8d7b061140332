import type { ReactNode } from 'react';

/**
 * One part of the page, reachable from its table of contents by `#id`. Inline code may break
 * anywhere: an address such as https://crawlwise.example/api/docs/json is wider than a phone.
 */
export function DocSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 py-10">
      <h2 id={`${id}-heading`} className="text-3xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-slate-700 [&_code]:wrap-anywhere">{children}</div>
    </section>
  );
}

export function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="pt-4 text-xl font-semibold text-slate-900">{children}</h3>;
}
