import { PATHS } from '@crawlwise/shared/routes';
import { AppLink } from '../components/app-link.tsx';
import { LegalPage, type LegalSection } from '../components/legal-page.tsx';
import { SUPPORT_EMAIL } from '../config/site.ts';
import { pageMeta } from '../lib/meta.ts';

export function meta() {
  return pageMeta(
    PATHS.terms,
    'Terms & Conditions',
    'The terms for using Crawlwise during the beta: the service, acceptable use, accuracy limits, future pricing, payments, liability and your rights.',
  );
}

const SECTIONS: LegalSection[] = [
  {
    id: 'beta-access',
    heading: 'Beta access',
    body: (
      <p>
        Crawlwise is in beta. The service is offered free of charge while the beta lasts, features
        may change or be removed, and the service may be interrupted for maintenance. We will try to
        give notice of significant changes, but we cannot promise uninterrupted availability.
      </p>
    ),
  },
  {
    id: 'service',
    heading: 'Service description',
    body: (
      <p>
        Crawlwise analyses a web page that you submit: it fetches the page the way a search crawler
        would, runs automated checks on it and gives you a score from 0 to 100, the top issues and a
        basic site summary. A free report includes the score and the top 3 fixes.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable use',
    body: (
      <>
        <p>You agree to use Crawlwise only for lawful purposes. In particular, you must not:</p>
        <ul>
          <li>submit pages you are not allowed to analyse, or use the service to attack a site;</li>
          <li>try to reach private networks or internal addresses through the service;</li>
          <li>
            get around the daily limit of 100 reports, or automate requests in a way that degrades
            the service for others;
          </li>
          <li>copy, resell or republish the service or its reports as your own product.</li>
        </ul>
        <p>We may block requests or suspend access when we see abuse.</p>
      </>
    ),
  },
  {
    id: 'accuracy',
    heading: 'Accuracy limits',
    body: (
      <p>
        Reports are produced automatically and are guidance, not a guarantee of search rankings.
        Search engines use many signals we cannot see. Sites behind bot protection or a login may
        not be analysable, and results can differ from what a search engine sees at another moment.
      </p>
    ),
  },
  {
    id: 'future-pricing',
    heading: 'Future pricing',
    body: (
      <p>
        After the beta we plan to charge for full reports (currently planned at $15 per page, with
        bundles and a monthly plan). The free preview will remain. We will announce prices before
        they apply, and nothing you did during the beta will be charged retroactively.
      </p>
    ),
  },
  {
    id: 'payments',
    heading: 'Payments and refunds',
    body: (
      <p>
        No payments are taken during the beta. When paid plans launch, credits will not expire while
        your account is active, a failed analysis will be refunded automatically as a credit, and
        the payment terms will be shown before you buy.
      </p>
    ),
  },
  {
    id: 'ip',
    heading: 'Intellectual property',
    body: (
      <p>
        The service, its software, design and texts belong to Crawlwise. The pages you submit remain
        yours; you may use the reports you receive for your own sites and for your clients.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Limitation of liability',
    body: (
      <p>
        The service is provided as is. To the extent the law allows, we are not liable for lost
        traffic, revenue or data resulting from the use of the service or from changes made on the
        basis of a report. Nothing in these terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'privacy',
    heading: 'Privacy',
    body: (
      <p>
        How we handle the addresses, emails and usage data you give us is explained in our{' '}
        <AppLink to={PATHS.privacy} className="text-brand-700 underline">
          Privacy Policy
        </AppLink>
        .
      </p>
    ),
  },
  {
    id: 'modifications',
    heading: 'Modifications',
    body: (
      <p>
        We may update these terms, for example when paid plans launch. The date at the top shows the
        latest version; continuing to use the service after a change means you accept it.
      </p>
    ),
  },
  {
    id: 'termination',
    heading: 'Termination',
    body: (
      <p>
        You can stop using Crawlwise at any time. We may suspend or end access for anyone who breaks
        these terms, and we may end the beta, with notice where possible.
      </p>
    ),
  },
  {
    id: 'governing-law',
    heading: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the country where the operator of this Crawlwise
        service is established, and its courts have jurisdiction, unless the law of your country
        gives you the right to go to your local courts. Questions:{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="text-brand-700 underline">
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    ),
  },
];

export default function TermsRoute() {
  return (
    <LegalPage
      title="Terms & Conditions"
      updated="January 2025"
      intro={
        <p>
          These terms apply to your use of Crawlwise, its website and its reports. By using the
          service you agree to them.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
