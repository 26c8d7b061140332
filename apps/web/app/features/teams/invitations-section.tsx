import { signInSchema } from '@crawlwise/shared/accounts';
import { INVITATION_VALID_DAYS, type TeamRole } from '@crawlwise/shared/api/teams';
import { useId, useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import {
  cancelInvitation,
  type FullTeam,
  inviteMember,
  type TeamInvitation,
} from './api/teams-api.ts';
import { formatDay, ROLE_HINT, roleLabel } from './role-copy.ts';
import { InlineError } from './team-error.tsx';
import { failureText, teamFailure } from './team-errors.ts';

/** The account forms' email rule, so an invitation's address is checked as a sign-up's is. */
const emailSchema = signInSchema.shape.email;

/** Expired invitations stay listed (to resend or cancel); `now` is passed in for tests. */
export function isExpired(invitation: TeamInvitation, now = Date.now()): boolean {
  return new Date(invitation.expiresAt).getTime() <= now;
}

/** Invite by email and role; the open invitations with their expiry, Resend and Cancel. */
export function InvitationsSection({ team, onChanged }: { team: FullTeam; onChanged: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('member');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const pending = team.invitations.filter((invitation) => invitation.status === 'pending');

  const parsed = emailSchema.safeParse(email);
  const emailError = touched && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  const invite = async () => {
    setTouched(true);
    setFailure(null);
    if (!parsed.success) return;
    setBusy('invite');
    const result = await inviteMember({ email: parsed.data, role, organizationId: team.id });
    setBusy(null);
    if (!result.ok) {
      setFailure(failureText(teamFailure(result)));
      return;
    }
    notifySuccess('Invitation sent', `${parsed.data} gets an email with a link to join.`);
    setEmail('');
    setTouched(false);
    onChanged();
  };

  const resend = async (invitation: TeamInvitation) => {
    setBusy(invitation.id);
    const result = await inviteMember({
      email: invitation.email,
      role: invitation.role,
      organizationId: team.id,
      resend: true,
    });
    setBusy(null);
    if (!result.ok) notifyError('Could not resend', failureText(teamFailure(result)));
    else notifySuccess('Invitation sent again', `A new link went to ${invitation.email}.`);
    onChanged();
  };

  const cancel = async (invitation: TeamInvitation) => {
    setBusy(invitation.id);
    const result = await cancelInvitation(invitation.id);
    setBusy(null);
    if (!result.ok) notifyError('Could not cancel', failureText(teamFailure(result)));
    else
      notifySuccess(
        'Invitation cancelled',
        `The link sent to ${invitation.email} no longer works.`,
      );
    onChanged();
  };

  return (
    <Card>
      <section aria-labelledby={`${id}-title`} className="space-y-4">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Invitations
        </h2>
        <form
          aria-label="Invite someone"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void invite();
          }}
          className="space-y-3"
        >
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem]">
            <FormField id={`${id}-email`} label="Email address" error={emailError}>
              {(describedBy) => (
                <Input
                  id={`${id}-email`}
                  type="email"
                  autoComplete="off"
                  value={email}
                  invalid={Boolean(emailError)}
                  aria-describedby={describedBy}
                  onChange={(event) => setEmail(event.target.value)}
                  onBlur={() => setTouched(email.trim() !== '')}
                />
              )}
            </FormField>
            <FormField id={`${id}-role`} label="Role">
              {() => (
                <select
                  id={`${id}-role`}
                  value={role}
                  onChange={(event) => setRole(event.target.value as TeamRole)}
                  className="h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-slate-900"
                >
                  <option value="member">Member</option>
                  <option value="admin">Admin</option>
                </select>
              )}
            </FormField>
          </div>
          <p className="text-sm text-slate-600">
            {roleLabel(role)}: {ROLE_HINT[role]} The link in the email is valid for{' '}
            {INVITATION_VALID_DAYS} days.
          </p>
          {failure ? <InlineError>{failure}</InlineError> : null}
          <Button type="submit" disabled={busy === 'invite'}>
            {busy === 'invite' ? 'Sending…' : 'Send invitation'}
          </Button>
        </form>
        {pending.length === 0 ? (
          <p className="text-slate-600">No open invitations.</p>
        ) : (
          <ul className="divide-y divide-slate-100 border-t border-slate-100">
            {pending.map((invitation) => {
              const expired = isExpired(invitation);
              return (
                <li
                  key={invitation.id}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center"
                  data-testid="invitation-row"
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-medium wrap-anywhere text-slate-900">{invitation.email}</p>
                    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                      <span>{roleLabel(invitation.role)}</span>
                      {expired ? (
                        <Badge tone="red">Expired {formatDay(invitation.expiresAt)}</Badge>
                      ) : (
                        <span>Valid until {formatDay(invitation.expiresAt)}</span>
                      )}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy === invitation.id}
                      onClick={() => void resend(invitation)}
                      aria-label={`Resend the invitation to ${invitation.email}`}
                    >
                      Resend
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy === invitation.id}
                      onClick={() => void cancel(invitation)}
                      aria-label={`Cancel the invitation to ${invitation.email}`}
                    >
                      Cancel
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </Card>
  );
}
