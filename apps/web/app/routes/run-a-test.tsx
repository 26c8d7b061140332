import { PATHS } from '@crawlwise/shared/routes';
import { CircleCheck, Gauge, ListChecks, LockKeyhole, ScanSearch } from 'lucide-react';
import { AppLink } from '../components/app-link.tsx';
import { RotatingWordIsland } from '../components/rotating-word.tsx';
import { Container } from '../components/ui/container.tsx';
import { SampleReportCard } from '../features/marketing/sample-report-card.tsx';
import { UrlBarIsland } from '../features/url-bar/url-bar.tsx';
import { pageMeta } from '../lib/meta.ts';

export function meta() {
  return pageMeta(
    PATHS.runATest,
    'Run a free SEO test on any page',
    'Enter a page address to get a free 0-100 SEO score and the top 3 fixes. Works for modern JavaScript sites and static sites alike.',
  );
}

const YOU_GET = [
  {
    icon: Gauge,
    title: 'A score from 0 to 100',
    text: 'Weighted by category, with capped deductions, so one problem never sinks the whole score. Healthy pages typically land at 75-90.',
  },
  {
    icon: ListChecks,
    title: 'Your top 3 fixes',
    text: 'The three issues that cost the most points, each with why it matters and how to fix it.',
  },
  {
    icon: ScanSearch,
    title: 'A basic site summary',
    text: 'Four tiles: can Google find it, site speed, content basics and the number of issues found.',
  },
  {
    icon: CircleCheck,
    title: 'Every finding, signed in',
    text: 'With a free account you see every finding of your reports and keep them on your profile.',
  },
];

const COVERED = [
  'Status code, redirects and server response time',
  'robots.txt, robots meta tags and canonical tags',
  'Content that only appears after JavaScript runs',
  'Title (20-60 characters) and meta description (70-160)',
  'Open Graph and Twitter Card tags',
  'Visible words in the main content, headings and image alt text',
];

export default function RunATestRoute() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <Container className="max-w-3xl pt-14 pb-4 text-center sm:pt-20 sm:pb-6">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
            Meet your SEO <RotatingWordIsland />
          </h1>
          <p className="mt-4 text-lg text-slate-600">
            Enter a page address. You'll get a score from 0 to 100 and the top 3 fixes, free.
          </p>
          <div className="mt-10">
            <UrlBarIsland />
          </div>
          <noscript>
            <div className="mt-8 rounded-2xl border border-yellow-200 bg-yellow-50 p-6 text-left text-yellow-900">
              <p>
                JavaScript is turned off. You can still run a check: this form sends your address to{' '}
                <code>{PATHS.report}</code>, and the report page takes it from there. A link to{' '}
                <code>{PATHS.report}?url=</code> followed by an address works too, after you
                confirm.
              </p>
              <form
                method="post"
                action={PATHS.report}
                className="mt-4 flex flex-col gap-2 sm:flex-row"
              >
                <label htmlFor="noscript-url" className="sr-only">
                  Website URL
                </label>
                <input
                  id="noscript-url"
                  name="url"
                  type="text"
                  required
                  placeholder="example.com"
                  className="h-10 flex-1 rounded-lg border border-yellow-300 bg-white px-3"
                />
                <button
                  type="submit"
                  className="h-10 rounded-lg bg-slate-900 px-4 font-medium text-white"
                >
                  Run free check
                </button>
              </form>
            </div>
          </noscript>
        </Container>
      </section>

      <section className="section-y">
        <Container className="grid grid-cols-1 items-start gap-12 lg:grid-cols-[1fr_27rem]">
          <div>
            <h2 className="text-3xl font-bold">What you get</h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2">
              {YOU_GET.map(({ icon: Icon, title, text }) => (
                <li key={title}>
                  <Icon className="size-7 text-brand-600" aria-hidden />
                  <h3 className="mt-3 text-lg font-semibold">{title}</h3>
                  <p className="mt-1 text-slate-600">{text}</p>
                </li>
              ))}
            </ul>
          </div>
          <SampleReportCard className="mx-auto w-full max-w-md lg:max-w-none" />
        </Container>
      </section>

      <section className="section-y">
        <Container className="grid gap-10 md:grid-cols-2">
          <div>
            <h2 className="text-2xl font-bold">What the check covers</h2>
            <ul className="mt-4 space-y-2">
              {COVERED.map((item) => (
                <li key={item} className="flex gap-2 text-slate-700">
                  <CircleCheck className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden />
                  {item}
                </li>
              ))}
            </ul>
            <AppLink
              to={PATHS.features}
              className="mt-4 inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
            >
              Every check, explained
            </AppLink>
          </div>
          <div className="rounded-2xl bg-slate-50 p-6">
            <h2 className="flex items-center gap-2 text-2xl font-bold">
              <LockKeyhole className="size-6 text-brand-600" aria-hidden /> What happens to your
              address
            </h2>
            <p className="mt-3 text-slate-700">
              Our server fetches the page the way a crawler does, reads its site's robots.txt and
              llms.txt, and loads it once in a headless browser to compare. Addresses on private
              networks are refused. Your report gets a private link that cannot be guessed.
            </p>
            <p className="mt-3 text-slate-700">
              Pages behind a login or bot protection may not be analysable. What we keep and why is
              in the{' '}
              <AppLink to={PATHS.privacy} className="font-medium text-brand-700 underline">
                privacy policy
              </AppLink>
              .
            </p>
          </div>
        </Container>
      </section>
    </>
  );
}
