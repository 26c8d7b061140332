import type { ContactInput } from '@crawlwise/shared/forms';
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Island } from '../../islands/island.tsx';
import { loadFormSchemas, preloadFormSchemas } from '../../lib/form-schemas.ts';
import { notifyCatalogue, notifySuccess } from '../../lib/notify.ts';
import { sendContactMessage } from './api/send-contact-message.ts';

type Field = keyof ContactInput;
const EMPTY: Required<ContactInput> = { name: '', email: '', website: '', message: '' };

export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);

  const update = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // The message under a field goes away as soon as the user works on that field.
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { contactSchema, fieldErrors } = await loadFormSchemas();
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSending(true);
    const result = await sendContactMessage(parsed.data);
    setSending(false);
    if (!result.ok) {
      notifyCatalogue(result.code);
      return;
    }
    notifySuccess('Message sent!', "We'll get back to you within 24 hours.");
    setValues(EMPTY);
  };

  return (
    <form
      onSubmit={onSubmit}
      onFocus={preloadFormSchemas}
      noValidate
      className="space-y-5"
      aria-label="Contact form"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label="Name" error={errors.name}>
          {(describedBy) => (
            <Input
              id="contact-name"
              name="name"
              autoComplete="name"
              value={values.name}
              onChange={(event) => update('name')(event.target.value)}
              invalid={Boolean(errors.name)}
              aria-describedby={describedBy}
            />
          )}
        </FormField>
        <FormField id="contact-email" label="Email" error={errors.email}>
          {(describedBy) => (
            <Input
              id="contact-email"
              name="email"
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={(event) => update('email')(event.target.value)}
              invalid={Boolean(errors.email)}
              aria-describedby={describedBy}
            />
          )}
        </FormField>
      </div>
      <FormField id="contact-website" label="Website" optional error={errors.website}>
        {(describedBy) => (
          <Input
            id="contact-website"
            name="website"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://example.com"
            value={values.website}
            onChange={(event) => update('website')(event.target.value)}
            invalid={Boolean(errors.website)}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <FormField id="contact-message" label="Message" error={errors.message}>
        {(describedBy) => (
          <Textarea
            id="contact-message"
            name="message"
            rows={6}
            value={values.message}
            onChange={(event) => update('message')(event.target.value)}
            invalid={Boolean(errors.message)}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={sending}>
        {sending ? <Spinner /> : <Send className="size-4" aria-hidden />}
        Send Message
      </Button>
    </form>
  );
}

/** The contact form as an island of the prerendered /contact page. */
export function ContactFormIsland() {
  return <Island name="contact-form" component={ContactForm} props={{}} />;
}
