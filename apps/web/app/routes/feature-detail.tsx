import { isFeatureSlug, PATHS } from '@crawlwise/shared/routes';
import { ArrowLeft, CircleCheck, TriangleAlert } from 'lucide-react';
import { useLocation } from 'react-router';
import { AppLink } from '../components/app-link.tsx';
import { NotFoundViewIsland } from '../components/not-found-view.tsx';
import { Container } from '../components/ui/container.tsx';
import { FEATURE_DETAILS } from '../features/marketing/feature-details.ts';
import { FEATURE_ICONS } from '../features/marketing/feature-icons.ts';
import { UrlBarIsland } from '../features/url-bar/url-bar.tsx';
import { pageMeta } from '../lib/meta.ts';

/** The route is registered once per slug (app/routes.ts); the slug is the last path segment. */
const slugOf = (pathname: string) => pathname.replace(/\/+$/, '').split('/').pop();

export function meta({ location }: { location: { pathname: string } }) {
  const slug = slugOf(location.pathname);
  if (!isFeatureSlug(slug)) {
    return [{ title: 'Page Not Found | Crawlwise' }, { name: 'robots', content: 'noindex' }];
  }
  const feature = FEATURE_DETAILS[slug];
  return pageMeta(PATHS.feature(slug), feature.title, feature.summary);
}

function Section({ title, items }: { title: string; items: string[] }) {
  return (
    <section>
      <h2 className="text-2xl font-bold">{title}</h2>
      <div className="mt-3 space-y-3 text-slate-700">
        {items.map((item) => (
          <p key={item}>{item}</p>
        ))}
      </div>
    </section>
  );
}

export default function FeatureDetailRoute() {
  const slug = slugOf(useLocation().pathname);
  if (!isFeatureSlug(slug)) return <NotFoundViewIsland />;
  const feature = FEATURE_DETAILS[slug];
  const Icon = FEATURE_ICONS[slug];

  return (
    <Container className="section-y max-w-3xl">
      <AppLink
        to={PATHS.features}
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to features
      </AppLink>

      <header className="mt-6">
        <Icon className="size-10 text-brand-600" aria-hidden />
        <h1 className="mt-4 text-4xl font-bold tracking-tight">{feature.title}</h1>
        <p className="mt-3 text-lg text-slate-600">{feature.summary}</p>
      </header>

      <div className="mt-10 space-y-10">
        <Section title="Problem" items={feature.problem} />
        <Section title="How we solve it" items={feature.solution} />
        <section>
          <h2 className="text-2xl font-bold">What you'll see</h2>
          <ul className="mt-3 space-y-2">
            {feature.results.map((item) => (
              <li key={item} className="flex gap-2 text-slate-700">
                <CircleCheck className="mt-0.5 size-5 shrink-0 text-green-600" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
        </section>
        <aside className="rounded-2xl border border-yellow-200 bg-yellow-50 p-6">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-yellow-900">
            <TriangleAlert className="size-5" aria-hidden /> Edge cases
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-yellow-900">
            {feature.edgeCases.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </aside>
        <section className="rounded-3xl bg-brand-50 p-8">
          <h2 className="text-2xl font-bold">Try it now</h2>
          <p className="mt-2 text-slate-600">
            Run a free check on your page: score and top 3 fixes, no account needed.
          </p>
          <div className="mt-6">
            <UrlBarIsland />
          </div>
        </section>
      </div>
    </Container>
  );
}
