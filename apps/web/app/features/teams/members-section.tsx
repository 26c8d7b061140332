import type { TeamRole } from '@crawlwise/shared/api/teams';
import { useId, useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { type FullTeam, removeMember, type TeamMember, updateMemberRole } from './api/teams-api.ts';
import { ROLE_HINT, roleLabel } from './role-copy.ts';
import { failureText, teamFailure } from './team-errors.ts';

/** What the account's role allows on another member (issue 21). */
export function memberActions(myRole: TeamRole, member: TeamMember, myUserId: string) {
  const self = member.userId === myUserId;
  return {
    // Ownership moves by transfer, so an owner's role is not changed here.
    changeRole: myRole === 'owner' && !self && member.role !== 'owner',
    // Nobody removes themselves (Leave does that), nor an owner; owners and admins remove others.
    remove: !self && member.role !== 'owner' && (myRole === 'owner' || myRole === 'admin'),
  };
}

/** The team's members: name, email and role; role changes and removal as the role allows. */
export function MembersSection({
  team,
  myRole,
  myUserId,
  onChanged,
}: {
  team: FullTeam;
  myRole: TeamRole;
  myUserId: string;
  onChanged: () => void;
}) {
  const headingId = useId();
  const [busy, setBusy] = useState<string | null>(null);

  const changeRole = async (member: TeamMember, role: TeamRole) => {
    setBusy(member.id);
    const result = await updateMemberRole(team.id, member.id, role);
    setBusy(null);
    if (!result.ok) {
      notifyError('Could not change the role', failureText(teamFailure(result)));
    } else {
      notifySuccess(
        'Role changed',
        `${member.user.email} is now ${roleLabel(role).toLowerCase()}.`,
      );
    }
    onChanged();
  };

  const remove = async (member: TeamMember) => {
    setBusy(member.id);
    const result = await removeMember(team.id, member.id);
    setBusy(null);
    if (!result.ok) {
      notifyError('Could not remove the member', failureText(teamFailure(result)));
    } else {
      notifySuccess('Member removed', `${member.user.email} no longer has access to ${team.name}.`);
    }
    onChanged();
  };

  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Members ({team.members.length})
        </h2>
        <ul className="mt-3 divide-y divide-slate-100">
          {team.members.map((member) => {
            const allowed = memberActions(myRole, member, myUserId);
            const who = member.user.name?.trim() || member.user.email;
            return (
              <li
                key={member.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center"
                data-testid="member-row"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium wrap-anywhere text-slate-900">
                    {who}
                    {member.userId === myUserId ? (
                      <span className="font-normal text-slate-600"> (you)</span>
                    ) : null}
                  </p>
                  <p className="text-sm wrap-anywhere text-slate-600">{member.user.email}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {allowed.changeRole ? (
                    <>
                      <label className="sr-only" htmlFor={`${headingId}-${member.id}`}>
                        Role of {member.user.email}
                      </label>
                      <select
                        id={`${headingId}-${member.id}`}
                        value={member.role}
                        disabled={busy === member.id}
                        title={ROLE_HINT[member.role]}
                        onChange={(event) =>
                          void changeRole(member, event.target.value as TeamRole)
                        }
                        className="h-8 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800"
                      >
                        <option value="admin">Admin</option>
                        <option value="member">Member</option>
                      </select>
                    </>
                  ) : (
                    <Badge tone={member.role === 'owner' ? 'blue' : 'gray'}>
                      {roleLabel(member.role)}
                    </Badge>
                  )}
                  {allowed.remove ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy === member.id}
                      onClick={() => void remove(member)}
                      aria-label={`Remove ${member.user.email} from the team`}
                    >
                      Remove
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </Card>
  );
}
