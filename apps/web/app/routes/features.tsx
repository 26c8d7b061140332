import { FEATURE_SLUGS, PATHS } from '@crawlwise/shared/routes';
import { ArrowRight } from 'lucide-react';
import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { Container } from '../components/ui/container.tsx';
import { FEATURE_DETAILS } from '../features/marketing/feature-details.ts';
import { FEATURE_ICONS } from '../features/marketing/feature-icons.ts';
import { UrlBarIsland } from '../features/url-bar/url-bar.tsx';
import { pageMeta } from '../lib/meta.ts';

export function meta() {
  return pageMeta(
    PATHS.features,
    'Features: what the SEO check covers',
    'Crawler-view fetching, JavaScript rendering detection, title and meta audits, word count, alt text, canonical checks and a transparent score.',
  );
}

const COLUMNS = [
  {
    title: 'Modern JS sites',
    text: 'React, Vue and other single-page apps often ship an empty HTML shell. We compare the server HTML with the rendered page and tell you what crawlers miss.',
  },
  {
    title: 'Static & SSG',
    text: 'Static and statically generated sites get a fast, thorough pass over metadata, content, links and canonicals, with no noise about rendering.',
  },
  {
    title: 'Impact first',
    text: 'Findings are ranked by how much they hold the page back, so the top 3 fixes are the ones worth doing today.',
  },
];

export default function FeaturesRoute() {
  return (
    <>
      <PageHeader eyebrow="Features" title="Everything a crawler sees, nothing you don't need">
        <p>Seven parts of one analysis. Open any of them to see exactly what we check and why.</p>
      </PageHeader>

      <Container className="section-y">
        {/* Seven cards, the first (the analyzer, which the others are parts of) two wide: eight
            cells fill two rows of four, or four rows of two, with no card alone on a row. */}
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURE_SLUGS.map((slug, index) => {
            const feature = FEATURE_DETAILS[slug];
            const Icon = FEATURE_ICONS[slug];
            return (
              <li key={slug} className={index === 0 ? 'sm:col-span-2' : undefined}>
                <AppLink
                  to={PATHS.feature(slug)}
                  className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md"
                >
                  <Icon className="size-8 text-brand-600" aria-hidden />
                  <h2 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h2>
                  <p className="mt-2 flex-1 text-slate-600">{feature.summary}</p>
                  <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700">
                    Learn more
                    <ArrowRight
                      className="size-4 transition group-hover:translate-x-0.5"
                      aria-hidden
                    />
                  </span>
                </AppLink>
              </li>
            );
          })}
        </ul>
      </Container>

      <Container className="section-y">
        <div className="mx-auto max-w-3xl text-center">
          <h2 className="text-3xl font-bold">Clarity, not bloat</h2>
          <p className="mt-4 text-lg text-slate-600">
            Most SEO tools drown you in hundreds of checks and jargon. We run the checks that decide
            whether a page can be found, read and clicked, explain each finding in plain language,
            and rank them so you know what to fix first.
          </p>
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {COLUMNS.map((column) => (
            <div key={column.title} className="rounded-2xl bg-slate-50 p-6">
              <h3 className="text-lg font-semibold">{column.title}</h3>
              <p className="mt-2 text-slate-600">{column.text}</p>
            </div>
          ))}
        </div>
      </Container>

      <Container className="section-y">
        <div className="rounded-3xl bg-brand-50 p-8 text-center sm:p-12">
          <h2 className="text-3xl font-bold">See it on your own page</h2>
          <p className="mt-3 text-slate-600">Free score and top 3 fixes, no account needed.</p>
          <div className="mx-auto mt-8 max-w-2xl">
            <UrlBarIsland />
          </div>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <AppLink to={PATHS.home} className={buttonClasses('primary', 'md')}>
              Run a free check
            </AppLink>
            <AppLink to={PATHS.howItWorks} className={buttonClasses('outline', 'md')}>
              How it works
            </AppLink>
          </div>
        </div>
      </Container>
    </>
  );
}
