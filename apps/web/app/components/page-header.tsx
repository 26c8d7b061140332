import type { ReactNode } from 'react';
import { Container } from './ui/container.tsx';

export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <Container className="pt-14 pb-4 text-center sm:pt-20 sm:pb-6">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mx-auto mt-2 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          {title}
        </h1>
        {children ? (
          <div className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{children}</div>
        ) : null}
      </Container>
    </section>
  );
}
