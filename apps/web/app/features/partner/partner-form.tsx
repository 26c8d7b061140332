import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Island } from '../../islands/island.tsx';
import { loadFormSchemas, preloadFormSchemas } from '../../lib/form-schemas.ts';
import { notifyCatalogue, notifyError, notifySuccess } from '../../lib/notify.ts';
import { joinPartnerWaitlist } from './api/join-partner-waitlist.ts';

export function PartnerForm() {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { PARTNER_EMAIL_INVALID, PARTNER_EMAIL_REQUIRED, partnerSchema } =
      await loadFormSchemas();
    const parsed = partnerSchema.safeParse({ email });
    if (!parsed.success) {
      const problem = email.trim() ? PARTNER_EMAIL_INVALID : PARTNER_EMAIL_REQUIRED;
      notifyError(problem.title, problem.description);
      return;
    }
    setSending(true);
    const result = await joinPartnerWaitlist(parsed.data);
    setSending(false);
    if (!result.ok) {
      notifyCatalogue(result.code);
      return;
    }
    notifySuccess(
      'Thanks for your interest!',
      "We'll reach out when the partner program launches.",
    );
    setEmail('');
  };

  return (
    <form
      onSubmit={onSubmit}
      onFocus={preloadFormSchemas}
      noValidate
      className="flex flex-col gap-3 sm:flex-row"
    >
      <label htmlFor="partner-email" className="sr-only">
        Email address
      </label>
      <Input
        id="partner-email"
        name="email"
        type="email"
        autoComplete="email"
        placeholder="you@agency.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        className="h-12 text-base"
      />
      <Button type="submit" size="lg" disabled={sending} className="h-12">
        {sending ? <Spinner /> : null}
        Join the Partner Waitlist
      </Button>
    </form>
  );
}

/** The partner waitlist form as an island of the prerendered /partner page. */
export function PartnerFormIsland() {
  return <Island name="partner-form" component={PartnerForm} props={{}} />;
}
