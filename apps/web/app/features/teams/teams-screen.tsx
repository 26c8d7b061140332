import type { TeamRole } from '@crawlwise/shared/api/teams';
import { PATHS } from '@crawlwise/shared/routes';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import type { ApiResult } from '../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { type ApiQueryState, useApiQuery } from '../../lib/use-api-query.ts';
import { sessionStore } from '../auth/index.ts';
import {
  acceptInvitation,
  fetchMyRole,
  listMyInvitations,
  listTeams,
  rejectInvitation,
  type Team,
  type UserInvitation,
} from './api/teams-api.ts';
import { CreateTeamForm } from './create-team-form.tsx';
import { formatDay, roleLabel } from './role-copy.ts';
import { TeamError } from './team-error.tsx';
import { asTeamResult, failureText, teamFailure } from './team-errors.ts';
import { teamsEvents } from './teams-events.ts';

type TeamWithRole = Team & { role: TeamRole | null };

/** The account's teams, each with the account's role in it (the plugin's list has no roles). */
async function loadTeams(signal: AbortSignal) {
  const teams = asTeamResult(await listTeams(signal));
  if (!teams.ok) return teams;
  const roles = await Promise.all(teams.data.map((team) => fetchMyRole(team.id, signal)));
  const data: TeamWithRole[] = teams.data.map((team, at) => {
    const role = roles[at];
    return { ...team, role: role?.ok ? role.data.role : null };
  });
  return { ...teams, data };
}

/**
 * The invitations sent to the account's address. The plugin shows them only to a confirmed
 * address; an unconfirmed one is told what to do rather than shown a failure.
 */
async function loadInvitations(signal: AbortSignal): Promise<ApiResult<UserInvitation[] | null>> {
  const result = await listMyInvitations(signal);
  if (!result.ok && result.code?.startsWith('EMAIL_VERIFICATION_REQUIRED')) {
    return { ok: true as const, status: 200, data: null };
  }
  return asTeamResult(result);
}

/** /teams: your teams, the invitations waiting for you, and the form that creates a team. */
export function TeamsScreen({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const teams = useApiQuery(loadTeams, [userId]);
  const invitations = useApiQuery(loadInvitations, [userId]);

  const created = async (team: Team) => {
    teamsEvents.changed();
    // The plugin makes a new team the active workspace; the header follows.
    await sessionStore.refresh();
    notifySuccess('Team created', `${team.name} is ready. Invite people from its page.`);
    void navigate(PATHS.teamFor(team.slug));
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-6">
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Your teams</h2>
          {teams.status === 'error' ? (
            <div className="mt-4">
              <TeamError code={teams.error} message={teams.message} />
            </div>
          ) : teams.status !== 'success' ? (
            <div className="mt-4 h-16 animate-pulse rounded-xl bg-slate-100" aria-hidden />
          ) : teams.data.length === 0 ? (
            <p className="mt-3 flex items-start gap-2 text-slate-600">
              <Users className="mt-1 size-4 shrink-0 text-slate-400" aria-hidden />
              You are not in a team yet. Create one to share reports, site checks and watches with
              the people you work with.
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100">
              {teams.data.map((team) => (
                <li key={team.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
                  <AppLink
                    to={PATHS.teamFor(team.slug)}
                    className="min-w-0 font-medium wrap-anywhere text-brand-700 underline"
                  >
                    {team.name}
                  </AppLink>
                  {team.role ? <Badge>{roleLabel(team.role)}</Badge> : null}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <PendingInvitations
          state={invitations}
          onAnswered={() => {
            invitations.refetch();
            teams.refetch();
          }}
        />
      </div>
      <Card>
        <CreateTeamForm onCreated={(team) => void created(team)} />
      </Card>
    </div>
  );
}

function PendingInvitations({
  state,
  onAnswered,
}: {
  state: ApiQueryState<UserInvitation[] | null>;
  onAnswered: () => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);

  const answer = async (invitation: UserInvitation, accept: boolean) => {
    setBusy(invitation.id);
    const result = accept
      ? await acceptInvitation(invitation.id)
      : await rejectInvitation(invitation.id);
    setBusy(null);
    const team = invitation.organizationName ?? 'the team';
    if (!result.ok) {
      notifyError(
        accept ? 'Could not accept the invitation' : 'Could not decline the invitation',
        failureText(teamFailure(result)),
      );
      onAnswered();
      return;
    }
    if (accept) {
      teamsEvents.changed();
      // Accepting makes the team the active workspace; the header follows.
      await sessionStore.refresh();
      notifySuccess('Invitation accepted', `You are now a member of ${team}.`);
    } else {
      notifySuccess('Invitation declined', `You did not join ${team}.`);
    }
    onAnswered();
  };

  if (state.status === 'error') {
    return (
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">Invitations for you</h2>
        <p className="mt-3 text-slate-600">
          Your invitations could not be loaded. Reload to try again.
        </p>
      </Card>
    );
  }
  if (state.status === 'success' && state.data === null) {
    return (
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">Invitations for you</h2>
        <p className="mt-3 text-slate-600">
          Confirm your email address (the link we mailed you) to see the invitations sent to it.
        </p>
      </Card>
    );
  }
  if (state.status !== 'success' || state.data === null || state.data.length === 0) return null;
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Invitations for you</h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {state.data.map((invitation) => {
          const team = invitation.organizationName ?? 'A team';
          return (
            <li key={invitation.id} className="space-y-2 py-3">
              <p className="text-slate-800">
                <span className="font-medium wrap-anywhere">{team}</span> invites you as{' '}
                {roleLabel(invitation.role).toLowerCase()}.{' '}
                <span className="text-sm text-slate-600">
                  Valid until {formatDay(invitation.expiresAt)}.
                </span>
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  disabled={busy === invitation.id}
                  onClick={() => void answer(invitation, true)}
                  aria-label={`Accept the invitation to ${team}`}
                >
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy === invitation.id}
                  onClick={() => void answer(invitation, false)}
                  aria-label={`Decline the invitation to ${team}`}
                >
                  Decline
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
