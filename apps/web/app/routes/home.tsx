import { PATHS } from '@crawlwise/shared/routes';
import { ArrowRight, Clock, ListChecks, ScanSearch, ShieldCheck } from 'lucide-react';
import { AppLink } from '../components/app-link.tsx';
import { RotatingWordIsland } from '../components/rotating-word.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Container } from '../components/ui/container.tsx';
import { SampleReportCard } from '../features/marketing/sample-report-card.tsx';
import { UrlBarIsland } from '../features/url-bar/url-bar.tsx';
import { pageMeta } from '../lib/meta.ts';

export function meta() {
  return pageMeta(
    PATHS.home,
    'Crawlwise: free SEO check, score and top 3 fixes',
    'See your page the way a search crawler does. Get a free 0-100 SEO score and the top 3 fixes in about 60 seconds, no account needed.',
  );
}

const FREE_FIXES = [
  {
    icon: ScanSearch,
    title: 'Seen like a crawler',
    text: 'We fetch your HTML from our server, the way a search engine does, and flag content that only appears after JavaScript runs.',
  },
  {
    icon: ListChecks,
    title: 'Your top 3 fixes',
    text: 'Not a wall of warnings: the three changes that matter most for this page, each with why it matters and how to fix it.',
  },
  {
    icon: Clock,
    title: 'In about a minute',
    text: 'Paste an address and get your score in about 60 seconds. The analysis itself usually takes 5-10 seconds.',
  },
];

/** What every analysis looks at, roughly by the report's score categories. */
const CHECK_AREAS = [
  {
    title: 'Crawlability and speed',
    text: 'Status code, response time, redirects, HTTPS, robots.txt and robots meta tags, canonical tags, and whether the content needs JavaScript to exist.',
  },
  {
    title: 'Metadata',
    text: 'Title and description length after entity decoding, duplicates, viewport, language and hreflang alternates.',
  },
  {
    title: 'Content and links',
    text: 'Words in the main content, headings, image alt text, and links a crawler can follow and understand.',
  },
  {
    title: 'Sharing',
    text: 'Open Graph and Twitter Card tags and structured data, so a shared link shows a title, a description and an image.',
  },
];

export default function HomeRoute() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 via-white to-white">
        <Container className="grid grid-cols-1 items-center gap-12 pt-14 pb-10 sm:pt-20 lg:grid-cols-[1fr_27rem] lg:gap-10">
          <div className="text-center lg:text-left">
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 ring-1 ring-brand-200">
              <ShieldCheck className="size-4" aria-hidden /> Free during beta · No account needed
            </p>
            {/* The rotating word has a line of its own on wide screens, so a longer word never
                re-wraps the heading and moves the form under it. */}
            <h1 className="mt-6 text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
              Your SEO{' '}
              <span className="lg:block">
                <RotatingWordIsland />
              </span>
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600 lg:mx-0">
              Paste a page address and get a free score from 0 to 100 plus the top 3 fixes, the way
              a search crawler sees your page.
            </p>
            <div className="mx-auto mt-8 max-w-2xl lg:mx-0">
              <UrlBarIsland />
            </div>
          </div>
          <SampleReportCard className="mx-auto w-full max-w-md lg:max-w-none" />
        </Container>
      </section>

      <section className="section-y">
        <Container>
          <h2 className="text-center text-3xl font-bold">Free top 3 fixes, for every page</h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
            Every check gives you the score and the three fixes with the biggest impact, free. No
            sign-up, no credit card.
          </p>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {FREE_FIXES.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <Card className="h-full">
                  <Icon className="size-8 text-brand-600" aria-hidden />
                  <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                  <p className="mt-2 text-slate-600">{text}</p>
                </Card>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section className="section-y">
        <Container className="grid gap-10 md:grid-cols-2 md:items-start">
          <div>
            <h2 className="text-3xl font-bold">What we check</h2>
            <p className="mt-3 text-slate-600">
              Server response time and status codes, title and meta description length, Open Graph
              and Twitter Cards, visible word count, image alt text, canonical tags and pages that
              only render in the browser. All of it rolls up into a transparent score with weighted
              categories and capped deductions.
            </p>
            <AppLink
              to={PATHS.features}
              className="mt-6 inline-flex min-h-11 items-center gap-1 font-medium text-brand-700 hover:underline"
            >
              Explore all features <ArrowRight className="size-4" aria-hidden />
            </AppLink>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {CHECK_AREAS.map(({ title, text }) => (
              <li key={title} className="rounded-xl bg-slate-50 p-4">
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section className="section-y">
        <Container>
          <div className="grid items-center gap-8 rounded-3xl bg-slate-900 p-8 text-white sm:p-12 md:grid-cols-[2fr_1fr]">
            <div>
              <h2 className="text-3xl font-bold">The full playbook: $15 per page</h2>
              <p className="mt-3 text-slate-300">
                When you want every finding with its fix, the full report is planned at $15 per
                page, with no mandatory subscription. During the beta it is free, and fair,
                value-based pricing is on the way.
              </p>
            </div>
            <div className="flex flex-col gap-3 md:items-end">
              <AppLink to={PATHS.pricing} className={buttonClasses('outline', 'lg')}>
                See pricing <ArrowRight className="size-4" aria-hidden />
              </AppLink>
              <AppLink
                to={PATHS.howItWorks}
                className="inline-flex min-h-11 items-center justify-center text-sm font-medium text-slate-300 underline hover:text-white"
              >
                How it works
              </AppLink>
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}
