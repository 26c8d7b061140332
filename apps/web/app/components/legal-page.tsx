import type { ReactNode } from 'react';
import { Container } from './ui/container.tsx';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

/** Long-form legal text with a table of contents. */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <Container className="section-y max-w-3xl">
      <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-slate-500">Last updated: {updated}</p>
      <div className="mt-6 text-slate-700">{intro}</div>
      <nav aria-label="Contents" className="mt-8 rounded-2xl bg-slate-50 p-6">
        <h2 className="font-semibold">Contents</h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-brand-700 hover:underline">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-10 space-y-10">
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} className="scroll-mt-24">
            <h2 className="text-2xl font-semibold">
              {index + 1}. {section.heading}
            </h2>
            <div className="mt-3 space-y-3 text-slate-700 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">
              {section.body}
            </div>
          </section>
        ))}
      </div>
    </Container>
  );
}
