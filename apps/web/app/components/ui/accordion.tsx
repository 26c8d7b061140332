import * as RadixAccordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import { Island } from '../../islands/island.tsx';

export interface AccordionItem {
  id: string;
  question: string;
  answer: string;
}

/** A question list with at most one answer open at a time; opening one closes the other. */
export function Accordion({ items }: { items: readonly AccordionItem[] }) {
  return (
    <RadixAccordion.Root
      type="single"
      collapsible
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
    >
      {items.map((item) => (
        <RadixAccordion.Item key={item.id} value={item.id}>
          <RadixAccordion.Header>
            <RadixAccordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-slate-900 hover:bg-slate-50">
              {item.question}
              <ChevronDown
                className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
                aria-hidden
              />
            </RadixAccordion.Trigger>
          </RadixAccordion.Header>
          <RadixAccordion.Content
            // Mounted while closed (hidden) so the answers are in the prerendered HTML.
            forceMount
            className="px-5 pb-4 text-slate-600 data-[state=closed]:hidden"
          >
            {item.answer}
          </RadixAccordion.Content>
        </RadixAccordion.Item>
      ))}
    </RadixAccordion.Root>
  );
}

/** The accordion as an island of a prerendered page; its items travel as JSON. */
export function AccordionIsland({ items }: { items: readonly AccordionItem[] }) {
  return <Island name="accordion" component={Accordion} props={{ items }} />;
}
