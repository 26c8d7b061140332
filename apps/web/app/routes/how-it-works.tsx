import { PATHS } from '@crawlwise/shared/routes';
import { Code, FileSearch, Globe, Tags } from 'lucide-react';
import { PageHeader } from '../components/page-header.tsx';
import { Container } from '../components/ui/container.tsx';
import { UrlBarIsland } from '../features/url-bar/url-bar.tsx';
import { pageMeta } from '../lib/meta.ts';

export function meta() {
  return pageMeta(
    PATHS.howItWorks,
    'How it works: four steps to your SEO score',
    'We fetch your page like a crawler, detect client-side rendering, audit your metadata and audit your content. The analysis takes about 5-10 seconds.',
  );
}

const STEPS = [
  {
    icon: Globe,
    title: 'Fetch like a crawler',
    text: 'Our server requests your page the way a search engine does: it follows redirects, records the status code and response time, and reads robots.txt and robots meta tags. Addresses on private networks are refused.',
  },
  {
    icon: Code,
    title: 'Detect client-side rendering',
    text: 'We render the page in a headless browser and compare its visible words with the raw server HTML. If your content only exists after JavaScript runs, we flag it and show what crawlers may miss.',
  },
  {
    icon: Tags,
    title: 'Audit metadata',
    text: 'Title (20-60 characters) and meta description (70-160), measured after decoding HTML entities; duplicates; viewport and language; canonical tags; Open Graph and Twitter Card tags for sharing.',
  },
  {
    icon: FileSearch,
    title: 'Audit content',
    text: 'Visible word count without navigation, header, footer, sidebars or hidden text; headings; image alt-text coverage; and links whose text or target crawlers cannot use.',
  },
];

export default function HowItWorksRoute() {
  return (
    <>
      <PageHeader eyebrow="How it works" title="From address to score in four steps">
        <p>
          The analysis usually takes about 5-10 seconds, and your free score with the top 3 fixes is
          ready in about a minute.
        </p>
      </PageHeader>
      <Container className="section-y">
        <ol className="grid gap-6 md:grid-cols-2">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-brand-600 font-semibold text-white">
                  {index + 1}
                </span>
                <Icon className="size-6 text-brand-600" aria-hidden />
              </div>
              <h2 className="mt-4 text-xl font-semibold">{title}</h2>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
        <p className="mx-auto mt-10 max-w-3xl text-center text-slate-600">
          Each finding is weighed into a 0-100 score with weighted categories and capped deductions,
          so no single problem can sink the score. Healthy sites typically land at 75-90.
        </p>
      </Container>
      <Container className="section-y grid gap-10 md:grid-cols-2">
        <div>
          <h2 className="text-2xl font-bold">What you see while it runs</h2>
          <p className="mt-3 text-slate-700">
            The report page opens at once and shows the analysis moving through its stages. When it
            completes you get the score ring, the top issues with why each matters and how to fix
            it, and a basic site summary: whether Google can find the page, its speed, its content
            basics and how many issues were found.
          </p>
        </div>
        <div>
          <h2 className="text-2xl font-bold">What you can do with it</h2>
          <p className="mt-3 text-slate-700">
            Every report has its own private link, so you can come back to it or send it to whoever
            fixes the page. Sign in to see every finding and keep your reports on your profile, and
            run the check again after a fix to see the score move.
          </p>
        </div>
      </Container>
      <Container className="section-y">
        <div className="rounded-3xl bg-brand-50 p-8 text-center sm:p-12">
          <h2 className="text-3xl font-bold">Try it on your page</h2>
          <div className="mx-auto mt-8 max-w-2xl">
            <UrlBarIsland />
          </div>
        </div>
      </Container>
    </>
  );
}
