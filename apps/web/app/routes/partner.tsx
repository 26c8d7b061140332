import { PATHS } from '@crawlwise/shared/routes';
import { Handshake } from 'lucide-react';
import { Container } from '../components/ui/container.tsx';
import { PartnerFormIsland } from '../features/partner/partner-form.tsx';
import { pageMeta } from '../lib/meta.ts';

export function meta() {
  return pageMeta(
    PATHS.partner,
    'Partner program waitlist for agencies',
    'Agencies and consultants: join the Crawlwise partner program waitlist and hear first when white-label reports and partner pricing launch.',
  );
}

export default function PartnerRoute() {
  return (
    <Container className="section-y max-w-2xl text-center">
      <Handshake className="mx-auto size-12 text-brand-600" aria-hidden />
      <h1 className="mt-6 text-4xl font-bold tracking-tight">Partner Program</h1>
      <p className="mt-4 text-lg text-slate-600">
        We started as an agency, and we are building a program for agencies, consultants and
        freelancers who check sites for their clients. The program is not open yet: join the
        waitlist and we will reach out when it launches.
      </p>
      <div className="mt-10 text-left">
        <PartnerFormIsland />
      </div>
    </Container>
  );
}
