import { PATHS } from '@crawlwise/shared/routes';
import { Clock, Mail } from 'lucide-react';
import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { Card } from '../components/ui/card.tsx';
import { Container } from '../components/ui/container.tsx';
import { SUPPORT_EMAIL } from '../config/site.ts';
import { ContactFormIsland } from '../features/contact/contact-form.tsx';
import { pageMeta } from '../lib/meta.ts';

export function meta() {
  return pageMeta(
    PATHS.contact,
    'Contact the Crawlwise team',
    'Questions about your SEO report, pricing or partnerships? Send the Crawlwise team a message and we will get back to you within 24 hours.',
  );
}

export default function ContactRoute() {
  return (
    <>
      <PageHeader eyebrow="Contact" title="Get in touch with the Crawlwise team">
        <p>Questions, feedback or a report that looks wrong? We reply within 24 hours.</p>
      </PageHeader>
      <Container className="section-y grid gap-8 lg:grid-cols-[2fr_1fr]">
        <Card>
          <h2 className="mb-6 text-xl font-semibold">Send us a message</h2>
          <ContactFormIsland />
        </Card>
        <div className="space-y-6">
          <Card>
            <Mail className="size-6 text-brand-600" aria-hidden />
            <h2 className="mt-3 font-semibold">Email support</h2>
            <p className="mt-1 text-sm text-slate-600">Prefer email? Write to us directly.</p>
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="mt-3 inline-block font-medium break-all text-brand-700 hover:underline"
            >
              {SUPPORT_EMAIL}
            </a>
          </Card>
          <Card>
            <Clock className="size-6 text-brand-600" aria-hidden />
            <h2 className="mt-3 font-semibold">Before you write</h2>
            <ul className="mt-2 space-y-2 text-sm">
              <li>
                <AppLink to={PATHS.pricing} className="text-brand-700 hover:underline">
                  Pricing and the beta
                </AppLink>
              </li>
              <li>
                <AppLink to={PATHS.about} className="text-brand-700 hover:underline">
                  About Crawlwise
                </AppLink>
              </li>
              <li>
                <AppLink to={PATHS.howItWorks} className="text-brand-700 hover:underline">
                  How the analysis works
                </AppLink>
              </li>
            </ul>
          </Card>
        </div>
      </Container>
    </>
  );
}
