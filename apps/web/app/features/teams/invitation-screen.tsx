import { PATHS } from '@crawlwise/shared/routes';
import { MailX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { AuthResult } from '../../lib/auth-request.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { sessionStore } from '../auth/index.ts';
import {
  acceptInvitation,
  fetchInvitation,
  type InvitationDetails,
  rejectInvitation,
} from './api/teams-api.ts';
import { formatDay, ROLE_HINT, roleLabel } from './role-copy.ts';
import { InlineError } from './team-error.tsx';
import { failureText, teamFailure } from './team-errors.ts';
import { teamsEvents } from './teams-events.ts';

/** Why an invitation cannot be answered from this account, in words the invitee can act on. */
export type InvitationProblem = 'invalid' | 'not-for-you' | 'confirm-email' | 'failed';

const PROBLEM_TEXT: Record<InvitationProblem, { title: string; text: string }> = {
  invalid: {
    title: 'This invitation is no longer valid',
    text: 'It expired, was cancelled, or was already answered. Ask the team for a new invitation.',
  },
  'not-for-you': {
    title: 'This invitation is for another account',
    text: 'It was sent to another email address. Sign in with the account of that address, or ask the team to invite this one.',
  },
  'confirm-email': {
    title: 'Confirm your email address first',
    text: 'Open the confirmation link we mailed you, then come back to this page.',
  },
  failed: {
    title: 'The invitation could not be loaded',
    text: 'Reload the page to try again.',
  },
};

/** get-invitation's refusal as the screen's state. */
export function invitationProblem(result: Extract<AuthResult<unknown>, { ok: false }>) {
  if (result.code === 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION') return 'not-for-you';
  if (result.code?.startsWith('EMAIL_VERIFICATION_REQUIRED')) return 'confirm-email';
  if (result.status === 0 || result.status >= 500) return 'failed';
  return 'invalid';
}

type Loaded =
  | { state: 'loading' }
  | { state: 'ready'; invitation: InvitationDetails }
  | { state: 'problem'; problem: InvitationProblem }
  | { state: 'declined'; team: string };

/** /invitation?id=… for a signed-in account: the team, who invited, the role; Accept or Decline. */
export function InvitationScreen({ id, userId }: { id: string; userId: string }) {
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: another account signed in asks again
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    fetchInvitation(id, controller.signal).then(
      (result) => {
        if (!result.ok) {
          setLoaded({ state: 'problem', problem: invitationProblem(result) });
        } else if (
          result.data.status !== 'pending' ||
          new Date(result.data.expiresAt).getTime() <= Date.now()
        ) {
          setLoaded({ state: 'problem', problem: 'invalid' });
        } else {
          setLoaded({ state: 'ready', invitation: result.data });
        }
      },
      () => {
        // Aborted: the id or the account changed, or the screen went away.
      },
    );
    return () => controller.abort();
  }, [id, userId]);

  if (loaded.state === 'loading') {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading the invitation" className="size-6" />
      </div>
    );
  }
  if (loaded.state === 'problem') {
    const { title, text } = PROBLEM_TEXT[loaded.problem];
    return (
      <Card role="alert" className="border-amber-200 bg-amber-50">
        <p className="flex items-start gap-2 font-semibold text-slate-900">
          <MailX className="mt-1 size-4 shrink-0 text-amber-700" aria-hidden />
          {title}
        </p>
        <p className="mt-1 text-slate-700">{text}</p>
        <AppLink
          to={PATHS.teams}
          className="mt-3 inline-block font-medium text-brand-700 underline"
        >
          Go to your teams
        </AppLink>
      </Card>
    );
  }
  if (loaded.state === 'declined') {
    return (
      <Card role="status">
        <p className="font-semibold text-slate-900">Invitation declined</p>
        <p className="mt-1 text-slate-700">You did not join {loaded.team}.</p>
        <AppLink
          to={PATHS.teams}
          className="mt-3 inline-block font-medium text-brand-700 underline"
        >
          Go to your teams
        </AppLink>
      </Card>
    );
  }

  const { invitation } = loaded;
  const answer = async (accept: boolean) => {
    setBusy(true);
    setFailure(null);
    const result = accept
      ? await acceptInvitation(invitation.id)
      : await rejectInvitation(invitation.id);
    if (!result.ok) {
      setBusy(false);
      setFailure(failureText(teamFailure(result)));
      return;
    }
    if (!accept) {
      setLoaded({ state: 'declined', team: invitation.organizationName });
      return;
    }
    teamsEvents.changed();
    // Accepting makes the team the session's workspace; the header follows, then its page opens.
    await sessionStore.refresh();
    notifySuccess('Welcome to the team', `You are now a member of ${invitation.organizationName}.`);
    void navigate(PATHS.teamFor(invitation.organizationSlug));
  };

  return (
    <Card>
      <h2 className="text-xl font-semibold wrap-anywhere text-slate-900">
        Join {invitation.organizationName}
      </h2>
      <dl className="mt-4 grid gap-x-4 gap-y-2 text-slate-700 sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-medium text-slate-900">Invited by</dt>
        <dd className="wrap-anywhere">{invitation.inviterEmail}</dd>
        <dt className="font-medium text-slate-900">Role</dt>
        <dd>
          {roleLabel(invitation.role)} — {ROLE_HINT[invitation.role]}
        </dd>
        <dt className="font-medium text-slate-900">Valid until</dt>
        <dd>{formatDay(invitation.expiresAt)}</dd>
      </dl>
      {failure ? (
        <div className="mt-4">
          <InlineError>{failure}</InlineError>
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button disabled={busy} onClick={() => void answer(true)}>
          Accept and join
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => void answer(false)}>
          Decline
        </Button>
      </div>
    </Card>
  );
}

/** /invitation?id=… signed out: what it is, and sign in or sign up, coming back here. */
export function InvitationSignedOut({ id }: { id: string }) {
  const back = PATHS.authThenReturnTo(PATHS.invitationFor(id));
  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">You are invited to a team</h2>
      <p className="mt-2 text-slate-700">
        Sign in with the email address the invitation was sent to, or create an account with it, to
        see the team and accept. You come back to this page afterwards.
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <AppLink to={back} className={buttonClasses('primary')}>
          Sign in
        </AppLink>
        <AppLink to={`${back}&mode=sign-up`} className={buttonClasses('outline')}>
          Create an account
        </AppLink>
      </div>
    </Card>
  );
}
