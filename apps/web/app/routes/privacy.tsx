import { REPORT_EXPIRY_DAYS, REPORT_PURGE_AFTER_DAYS } from '@crawlwise/shared/limits';
import { PATHS } from '@crawlwise/shared/routes';
import { LegalPage, type LegalSection } from '../components/legal-page.tsx';
import { SUPPORT_EMAIL } from '../config/site.ts';
import { pageMeta } from '../lib/meta.ts';

export function meta() {
  return pageMeta(
    PATHS.privacy,
    'Privacy Policy',
    'What Crawlwise collects (URLs, emails, usage, technical data and UTM parameters), why, how long we keep it, and your rights over your data.',
  );
}

const SECTIONS: LegalSection[] = [
  {
    id: 'collected',
    heading: 'What we collect',
    body: (
      <ul>
        <li>URLs: the page addresses you submit for analysis, and the resulting reports.</li>
        <li>Emails: the address you give us for the newsletter, the contact form or a waitlist.</li>
        <li>Usage data: which pages of our site you visit and which reports you open.</li>
        <li>
          Technical data: your IP address, browser type and request times, used for security and
          rate limits.
        </li>
        <li>
          Marketing parameters: UTM values (source, medium, campaign, term, content) present in the
          link that brought you to us.
        </li>
      </ul>
    ),
  },
  {
    id: 'use',
    heading: 'How we use it',
    body: (
      <ul>
        <li>to run the analyses you ask for and show you the reports;</li>
        <li>to enforce fair-use limits and protect the service from abuse;</li>
        <li>to answer your messages and send the newsletter you subscribed to;</li>
        <li>to understand which channels bring visitors and improve the product.</li>
      </ul>
    ),
  },
  {
    id: 'accounts',
    heading: 'Your account',
    body: (
      <>
        <p>
          If you create an account we keep your name, email address, a hash of your password (never
          the password itself), your profile picture if you upload one, your sign-in sessions (with
          the browser and IP address that started them) and the reports you run while signed in.
          Signing in with Google or another identity provider gives us only your name, email address
          and an account identifier from that provider. Pictures are re-encoded when you upload
          them, so their location and camera data never reach us.
        </p>
        <p>
          You can delete any of your reports from your profile: its analysis is erased at once and
          its link stops working. You can also delete your whole account from your profile ("Delete
          my account"): your account, your sessions on every device, your picture and the analyses
          of all your reports are erased at once. Newsletter subscriptions are separate: use the
          unsubscribe link in any newsletter email.
        </p>
      </>
    ),
  },
  {
    id: 'storage',
    heading: 'Storage and security',
    body: (
      <p>
        Data is stored in the service's database, protected by access controls. Reports are
        reachable only through their access link, which is hard to guess; keep it private.
      </p>
    ),
  },
  {
    id: 'not-done',
    heading: 'What we do not do',
    body: (
      <ul>
        <li>We do not sell your data.</li>
        <li>We do not use advertising trackers or share your data with advertisers.</li>
        <li>We do not analyse pages you did not submit.</li>
      </ul>
    ),
  },
  {
    id: 'third-parties',
    heading: 'Third parties',
    body: (
      <p>
        To analyse a page we request it from the site you submitted, which sees a request from our
        crawler. Emails are delivered through an email provider. These providers only receive what
        they need to do their job.
      </p>
    ),
  },
  {
    id: 'rights',
    heading: 'Your rights',
    body: (
      <p>
        You may ask for a copy of your data, its correction or its deletion, and you can unsubscribe
        from emails at any time with the link in each email. Write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="text-brand-700 underline">
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies',
    body: (
      <p>
        We use only what the service needs: an httpOnly session cookie while you are signed in, and
        browser session storage to remember that you have already seen the newsletter prompt. No
        advertising cookies.
      </p>
    ),
  },
  {
    id: 'retention',
    heading: 'Retention',
    body: (
      <p>
        A report can be opened for {REPORT_EXPIRY_DAYS} days after it is created; it is then
        archived, and {REPORT_PURGE_AFTER_DAYS} days later it is erased for good, together with the
        address it analysed and the record of who asked for it. When you delete a report from your
        account, its results are erased at once and the rest within {REPORT_PURGE_AFTER_DAYS} days.
        The records we use for fair-use limits (your network address or account) are kept for 24
        hours. Emails are kept until you unsubscribe.
      </p>
    ),
  },
];

export default function PrivacyRoute() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="January 2025"
      intro={
        <p>This policy explains what Crawlwise collects, why, and what you can do about it.</p>
      }
      sections={SECTIONS}
    />
  );
}
