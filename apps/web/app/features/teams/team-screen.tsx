import { PATHS } from '@crawlwise/shared/routes';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { sessionStore } from '../auth/index.ts';
import { ActivitySection } from './activity-section.tsx';
import { fetchTeam, setActiveTeam } from './api/teams-api.ts';
import { InvitationsSection } from './invitations-section.tsx';
import { MembersSection } from './members-section.tsx';
import { roleLabel } from './role-copy.ts';
import { TeamError } from './team-error.tsx';
import { asTeamResult, failureText, teamFailure } from './team-errors.ts';
import { TeamSettings } from './team-settings.tsx';
import { teamsEvents } from './teams-events.ts';

/**
 * /team?slug=…: one team's members and roles, its invitations (owners and admins), its activity,
 * and Leave / Transfer ownership / Delete.
 */
export function TeamScreen({
  slug,
  userId,
  activeTeamId,
}: {
  slug: string;
  userId: string;
  activeTeamId: string | null;
}) {
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  const query = useApiQuery(
    async (signal) => {
      const result = asTeamResult(await fetchTeam(slug, signal));
      // No team of this address: the plugin answers null when the slug is unknown to it.
      if (result.ok && result.data === null) {
        return { ok: false as const, status: 404, code: 'team_not_found' as const };
      }
      return result;
    },
    [slug, userId],
  );

  if (query.status === 'error' && !query.data) {
    return <TeamError code={query.error} message={query.message} backToTeams />;
  }
  if (!query.data) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading the team" className="size-6" />
      </div>
    );
  }
  const team = query.data;
  const me = team.members.find((member) => member.userId === userId);
  if (!me) return <TeamError code="team_not_found" backToTeams />;
  const canInvite = me.role === 'owner' || me.role === 'admin';

  const workHere = async () => {
    setSwitching(true);
    const result = await setActiveTeam(team.id);
    if (!result.ok) notifyError('Could not switch the workspace', failureText(teamFailure(result)));
    await sessionStore.refresh();
    setSwitching(false);
  };

  const left = async (message: string) => {
    // Out of the team, the account works in Personal again.
    if (activeTeamId === team.id) await setActiveTeam(null);
    teamsEvents.changed();
    await sessionStore.refresh();
    notifySuccess(message);
    void navigate(PATHS.teams);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 text-3xl font-bold wrap-anywhere">{team.name}</h1>
        <Badge tone={me.role === 'owner' ? 'blue' : 'gray'}>Your role: {roleLabel(me.role)}</Badge>
      </div>
      {activeTeamId === team.id ? (
        <p className="text-slate-600">
          You are working in this team: your reports, site checks and watches are the team's.
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-slate-600">You are working in another workspace.</p>
          <Button size="sm" variant="outline" disabled={switching} onClick={() => void workHere()}>
            Work in this team
          </Button>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-6">
          <MembersSection
            team={team}
            myRole={me.role}
            myUserId={userId}
            onChanged={query.refetch}
          />
          {canInvite ? <InvitationsSection team={team} onChanged={query.refetch} /> : null}
          <ActivitySection teamId={team.id} />
        </div>
        <div className="min-w-0">
          <TeamSettings
            team={team}
            myRole={me.role}
            myUserId={userId}
            onLeft={(message) => void left(message)}
            onTransferred={query.refetch}
          />
        </div>
      </div>
    </div>
  );
}
