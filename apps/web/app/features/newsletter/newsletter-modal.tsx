import { catalogueEntry } from '@crawlwise/shared/error-catalogue';
import type { LeadInput } from '@crawlwise/shared/forms';
import { NEWSLETTER_EMAIL_INVALID, UTM_KEYS } from '@crawlwise/shared/lead-fields';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notifyCatalogue, notifyError, notifySuccess } from '../../lib/notify.ts';
import { submitLead } from './api/submit-lead.ts';
import { useNewsletterPrompt } from './use-newsletter-prompt.ts';

const FAILED_DEFAULT = 'Failed to save your email. Please try again.';

export interface NewsletterPromptProps {
  /** Turns on when the report's results are on screen; the prompt follows 15 s later. */
  active: boolean;
  urlId: string | number | null | undefined;
  reportId: string | number | null | undefined;
}

export function NewsletterPrompt({ active, urlId, reportId }: NewsletterPromptProps) {
  const { open, setOpen } = useNewsletterPrompt(active);
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [sending, setSending] = useState(false);
  const emailId = useId();
  const honeypotId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed.includes('@')) {
      notifyError(NEWSLETTER_EMAIL_INVALID.title, NEWSLETTER_EMAIL_INVALID.description);
      return;
    }
    const lead: LeadInput = { email: trimmed, urlId, reportId, honeypot };
    for (const key of UTM_KEYS) lead[key] = searchParams.get(key);
    setSending(true);
    const result = await submitLead(lead);
    setSending(false);
    if (result.ok) {
      notifySuccess('Success!', "You're subscribed! Stay tuned for SEO tips and updates.");
      setOpen(false);
      return;
    }
    if (result.code === 'duplicate_email') {
      notifyCatalogue('duplicate_email');
      setOpen(false);
      return;
    }
    // A code the server chose (invalid_email, email_blocked...) explains itself; a generic
    // failure gets the spec's default wording.
    const generic = result.code === 'unknown_error' || result.code === 'internal_error';
    const known = generic ? null : catalogueEntry(result.code).description;
    notifyError('Error', result.message ?? known ?? FAILED_DEFAULT);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Get SEO tips in your inbox"
      description="Short, practical advice to keep your pages healthy. Unsubscribe any time."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <label htmlFor={emailId} className="block text-sm font-medium text-slate-800">
          Email address
        </label>
        <Input
          id={emailId}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={sending}
        />
        {/* Bots fill every field; people never see this one. */}
        <div aria-hidden className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={honeypotId}>Leave this field empty</label>
          <input
            id={honeypotId}
            name="company"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(event) => setHoneypot(event.target.value)}
          />
        </div>
        <Button type="submit" className="w-full" disabled={sending}>
          {sending ? <Spinner /> : null}
          Subscribe
        </Button>
      </form>
    </Dialog>
  );
}
