import { PATHS } from '@crawlwise/shared/routes';
import { Gauge, HandCoins, MessageSquareText } from 'lucide-react';
import { PageHeader } from '../components/page-header.tsx';
import { Container } from '../components/ui/container.tsx';
import { UrlBarIsland } from '../features/url-bar/url-bar.tsx';
import { pageMeta } from '../lib/meta.ts';

export function meta() {
  return pageMeta(
    PATHS.about,
    'About Crawlwise: SEO without the jargon',
    'Crawlwise helps website owners, solo founders, small teams and developers see their pages the way search crawlers do, and fix what matters first.',
  );
}

const VALUES = [
  {
    icon: MessageSquareText,
    title: 'Clarity over jargon',
    text: 'Every finding says what is wrong, why it matters and how to fix it, in plain language.',
  },
  {
    icon: Gauge,
    title: 'Speed over clutter',
    text: 'A score and the top fixes in about a minute, instead of a hundred-page audit nobody reads.',
  },
  {
    icon: HandCoins,
    title: 'Value over subscriptions',
    text: 'Pay for the pages you need, when you need them. No mandatory subscription.',
  },
];

export default function AboutRoute() {
  return (
    <>
      <PageHeader eyebrow="About" title="SEO answers for people who build websites">
        <p>
          Crawlwise is for website owners, solo founders, small teams and developers who want to
          know why a page is not found, and what to do about it, without hiring an agency.
        </p>
      </PageHeader>
      <Container className="section-y grid gap-10 md:grid-cols-2">
        <div>
          <h2 className="text-2xl font-bold">Our mission</h2>
          <p className="mt-3 text-slate-700">
            Search engines read your page before any visitor does. Modern sites often look perfect
            in a browser while crawlers receive an empty shell, a missing title or a canonical tag
            that points somewhere else. Our mission is to show you your page the way a crawler sees
            it, and to turn that view into a short list of fixes you can act on today.
          </p>
          <p className="mt-3 text-slate-700">
            We come from agency work, where we ran the same audits again and again. Crawlwise packs
            that experience into a fast, transparent check that anyone can run for free, and keeps
            the list short on purpose: the fixes that move a page, first.
          </p>
        </div>
        <div>
          <h2 className="text-2xl font-bold">How we work</h2>
          <p className="mt-3 text-slate-700">
            Nothing in a report is a black box. Each finding names the check behind it, says why it
            matters and how to fix it, and shows the points it cost. The score model, its weights
            and every check are documented, and the same analysis runs whether you use this site,
            the command line or your own installation.
          </p>
          <p className="mt-3 text-slate-700">
            Crawlwise is self-hostable: one Node.js service with its own embedded database, so a
            team can run it on its own server and keep its reports there.
          </p>
        </div>
      </Container>
      <Container className="section-y">
        <h2 className="text-center text-2xl font-bold">What we value</h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 p-6">
              <Icon className="size-7 text-brand-600" aria-hidden />
              <h3 className="mt-3 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </Container>
      <Container className="section-y">
        <div className="rounded-3xl bg-brand-50 p-8 text-center sm:p-12">
          <h2 className="text-3xl font-bold">Try Crawlwise</h2>
          <p className="mt-2 text-slate-600">See your score and top 3 fixes, free.</p>
          <div className="mx-auto mt-8 max-w-2xl">
            <UrlBarIsland />
          </div>
        </div>
      </Container>
    </>
  );
}
