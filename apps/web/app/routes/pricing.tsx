import { PATHS } from '@crawlwise/shared/routes';
import { Check, FileText, Headphones, Infinity as InfinityIcon } from 'lucide-react';
import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { AccordionIsland } from '../components/ui/accordion.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { Container } from '../components/ui/container.tsx';
import { PRICING_FAQ, PRICING_TIERS } from '../features/marketing/pricing-plans.ts';
import { cn } from '../lib/cn.ts';
import { pageMeta } from '../lib/meta.ts';

export function meta() {
  return pageMeta(
    PATHS.pricing,
    'Pricing: free during beta, $15 per page later',
    'Crawlwise is free during the beta. Planned pricing: Starter $15 per page, Bundle $49 for 5 pages, Pro $99 per month. No mandatory subscription.',
  );
}

const BETA_PERKS = [
  {
    icon: InfinityIcon,
    title: 'Unlimited Tests',
    text: 'Check as many pages as you like during the beta (fair use: up to 100 reports a day).',
  },
  {
    icon: FileText,
    title: 'Full Reports',
    text: 'Your score, top fixes and site summary for every page, at no cost.',
  },
  {
    icon: Headphones,
    title: 'Priority Support',
    text: 'Beta users get answers from the team within 24 hours.',
  },
];

export default function PricingRoute() {
  return (
    <>
      <PageHeader eyebrow="Pricing" title="Simple, value-based pricing">
        <p>Pay per page when you need the full playbook. No mandatory subscription.</p>
      </PageHeader>

      <Container className="section-y">
        <section
          aria-labelledby="beta-heading"
          className="rounded-3xl border border-brand-200 bg-brand-50 p-8 text-center sm:p-12"
        >
          <Badge tone="blue">BETA ACCESS</Badge>
          <h2 id="beta-heading" className="mt-4 text-3xl font-bold">
            We're Currently in Beta
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-slate-600">
            Everything is free while we are in beta. Pricing launches soon; the plans below show
            what to expect.
          </p>
          <ul className="mt-8 grid gap-4 text-left md:grid-cols-3">
            {BETA_PERKS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl bg-white p-6 shadow-sm">
                <Icon className="size-7 text-brand-600" aria-hidden />
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
          <AppLink to={PATHS.runATest} className={`${buttonClasses('primary', 'lg')} mt-8`}>
            Run Free Check
          </AppLink>
        </section>
      </Container>

      <Container className="section-y">
        <h2 className="text-center text-3xl font-bold">Plans after the beta</h2>
        <p className="mt-3 text-center text-slate-600">
          The free preview (score plus top 3 fixes) stays free.
        </p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {PRICING_TIERS.map((tier) => (
            <li
              key={tier.name}
              className={cn(
                'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
                tier.popular ? 'border-brand-500 ring-2 ring-brand-500' : 'border-slate-200',
              )}
            >
              {tier.popular ? (
                <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
                  Most Popular
                </span>
              ) : null}
              <h3 className="text-lg font-semibold">{tier.name}</h3>
              <p className="mt-4">
                <span className="text-4xl font-bold">{tier.price}</span>{' '}
                <span className="text-slate-500">{tier.period}</span>
              </p>
              <p className="mt-3 text-slate-600">{tier.description}</p>
              <ul className="mt-6 flex-1 space-y-2">
                {tier.features.map((feature) => (
                  <li key={feature} className="flex gap-2 text-sm text-slate-700">
                    <Check className="size-4 shrink-0 text-green-600" aria-hidden />
                    {feature}
                  </li>
                ))}
              </ul>
              <AppLink
                to={PATHS.payments}
                className={cn(
                  buttonClasses(tier.popular ? 'primary' : 'outline', 'md'),
                  'mt-8 w-full',
                )}
              >
                {/* The hidden words make each link's text say where it leads (crawlers and
                    screen readers read link text; three identical "Learn More" say nothing). */}
                Learn More<span className="sr-only"> about {tier.name}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </Container>

      <Container className="section-y max-w-3xl">
        <h2 className="text-center text-3xl font-bold">Frequently asked questions</h2>
        <div className="mt-8">
          <AccordionIsland items={PRICING_FAQ} />
        </div>
      </Container>
    </>
  );
}
