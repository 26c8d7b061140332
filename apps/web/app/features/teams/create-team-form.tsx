import { suggestTeamSlug, teamNameSchema, teamSlugSchema } from '@crawlwise/shared/api/teams';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { createTeam, type Team } from './api/teams-api.ts';
import { InlineError } from './team-error.tsx';
import { failureText, teamFailure } from './team-errors.ts';

/** The shared rule's first message for a value, or undefined when it passes. */
function ruleMessage(schema: typeof teamNameSchema | typeof teamSlugSchema, value: string) {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * Create a team: its name, and its address (slug) suggested from the name until it is edited.
 * Both are checked with the shared rules as the server checks them; an address another team
 * has is said on the address field.
 */
export function CreateTeamForm({ onCreated }: { onCreated: (team: Team) => void }) {
  const formId = useId();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [touched, setTouched] = useState({ name: false, slug: false });
  const [takenSlug, setTakenSlug] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const nameError = touched.name ? ruleMessage(teamNameSchema, name) : undefined;
  const slugError = touched.slug
    ? (ruleMessage(teamSlugSchema, slug) ??
      (takenSlug !== null && takenSlug === slug.trim()
        ? 'Another team already uses this address. Choose another one.'
        : undefined))
    : undefined;

  const submit = async () => {
    setTouched({ name: true, slug: true });
    setFailure(null);
    const nameValue = teamNameSchema.safeParse(name);
    const slugValue = teamSlugSchema.safeParse(slug);
    if (!nameValue.success || !slugValue.success) return;
    setBusy(true);
    const result = await createTeam({ name: nameValue.data, slug: slugValue.data });
    setBusy(false);
    if (result.ok) {
      onCreated(result.data);
      return;
    }
    const why = teamFailure(result);
    if (why.code === 'team_slug_taken') setTakenSlug(slugValue.data);
    else setFailure(failureText(why));
  };

  return (
    <form
      aria-labelledby={`${formId}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="space-y-4"
    >
      <h2 id={`${formId}-title`} className="text-lg font-semibold text-slate-900">
        Create a team
      </h2>
      <FormField id={`${formId}-name`} label="Team name" error={nameError}>
        {(describedBy) => (
          <Input
            id={`${formId}-name`}
            value={name}
            autoComplete="organization"
            invalid={Boolean(nameError)}
            aria-describedby={describedBy}
            onChange={(event) => {
              setName(event.target.value);
              if (!slugEdited) setSlug(suggestTeamSlug(event.target.value));
            }}
            onBlur={() => setTouched((value) => ({ ...value, name: true }))}
          />
        )}
      </FormField>
      <FormField
        id={`${formId}-slug`}
        label="Team address"
        hint="Lower-case letters, digits and hyphens; the team page's address is /team?slug=…"
        error={slugError}
      >
        {(describedBy) => (
          <Input
            id={`${formId}-slug`}
            value={slug}
            autoCapitalize="none"
            spellCheck={false}
            invalid={Boolean(slugError)}
            aria-describedby={describedBy}
            onChange={(event) => {
              setSlug(event.target.value);
              setSlugEdited(true);
            }}
            onBlur={() => setTouched((value) => ({ ...value, slug: true }))}
          />
        )}
      </FormField>
      {failure ? <InlineError>{failure}</InlineError> : null}
      <Button type="submit" disabled={busy}>
        {busy ? 'Creating…' : 'Create team'}
      </Button>
    </form>
  );
}
