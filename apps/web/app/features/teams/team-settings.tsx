import type { TeamRole } from '@crawlwise/shared/api/teams';
import { catalogueEntry } from '@crawlwise/shared/error-catalogue';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { deleteTeam, type FullTeam, leaveTeam, transferOwnership } from './api/teams-api.ts';
import { InlineError } from './team-error.tsx';
import { failureText, teamFailure } from './team-errors.ts';

/**
 * Leave (everyone), and for the owner: transfer the ownership to a member, delete the team
 * (confirmed by typing its name).
 */
export function TeamSettings({
  team,
  myRole,
  myUserId,
  onLeft,
  onTransferred,
}: {
  team: FullTeam;
  myRole: TeamRole;
  myUserId: string;
  /** The account is no longer in the team (left, or deleted it). */
  onLeft: (message: string) => void;
  onTransferred: () => void;
}) {
  return (
    <div className="space-y-6">
      {myRole === 'owner' ? (
        <TransferOwnership team={team} myUserId={myUserId} onTransferred={onTransferred} />
      ) : null}
      <LeaveTeam team={team} myRole={myRole} onLeft={onLeft} />
      {myRole === 'owner' ? <DeleteTeam team={team} onDeleted={onLeft} /> : null}
    </div>
  );
}

function LeaveTeam({
  team,
  myRole,
  onLeft,
}: {
  team: FullTeam;
  myRole: TeamRole;
  onLeft: (message: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const leave = async () => {
    setBusy(true);
    setFailure(null);
    const result = await leaveTeam(team.id);
    setBusy(false);
    if (!result.ok) {
      setFailure(failureText(teamFailure(result)));
      return;
    }
    onLeft(`You left ${team.name}.`);
  };
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Leave the team</h2>
      <p className="mt-1 text-slate-600">
        You lose access to the team's reports, site checks and watches at once.
        {myRole === 'owner' ? ' As its owner, transfer the ownership first.' : ''}
      </p>
      {failure ? (
        <div className="mt-3">
          <InlineError>{failure}</InlineError>
        </div>
      ) : null}
      <Button variant="outline" className="mt-4" disabled={busy} onClick={() => void leave()}>
        Leave {team.name}
      </Button>
    </Card>
  );
}

function TransferOwnership({
  team,
  myUserId,
  onTransferred,
}: {
  team: FullTeam;
  myUserId: string;
  onTransferred: () => void;
}) {
  const id = useId();
  const others = team.members.filter((member) => member.userId !== myUserId);
  const [userId, setUserId] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const transfer = async () => {
    if (!userId) return;
    setBusy(true);
    setFailure(null);
    const result = await transferOwnership(team.id, { userId });
    setBusy(false);
    if (!result.ok) {
      setFailure(result.message ?? catalogueEntry(result.code).description);
      return;
    }
    const to = others.find((member) => member.userId === userId);
    notifySuccess('Ownership transferred', `${to?.user.email ?? 'The member'} now owns the team.`);
    setUserId('');
    onTransferred();
  };
  return (
    <Card>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Transfer ownership
      </h2>
      <p className="mt-1 text-slate-600">
        The member you choose becomes the owner; you stay in the team as an admin.
      </p>
      {others.length === 0 ? (
        <p className="mt-3 text-slate-600">Invite someone first: the team has no other member.</p>
      ) : (
        <form
          aria-labelledby={`${id}-title`}
          className="mt-4 space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void transfer();
          }}
        >
          <FormField id={`${id}-member`} label="New owner">
            {() => (
              <select
                id={`${id}-member`}
                value={userId}
                onChange={(event) => setUserId(event.target.value)}
                className="h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-slate-900"
              >
                <option value="">Choose a member…</option>
                {others.map((member) => (
                  <option key={member.id} value={member.userId}>
                    {member.user.name?.trim()
                      ? `${member.user.name} (${member.user.email})`
                      : member.user.email}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {failure ? <InlineError>{failure}</InlineError> : null}
          <Button type="submit" variant="outline" disabled={busy || !userId}>
            Transfer ownership
          </Button>
        </form>
      )}
    </Card>
  );
}

function DeleteTeam({ team, onDeleted }: { team: FullTeam; onDeleted: (message: string) => void }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmed = typed.trim() === team.name.trim();
  const remove = async () => {
    if (!confirmed) return;
    setBusy(true);
    setFailure(null);
    const result = await deleteTeam(team.id);
    setBusy(false);
    if (!result.ok) {
      setFailure(failureText(teamFailure(result)));
      return;
    }
    onDeleted(`${team.name} was deleted.`);
  };
  return (
    <Card className="border-red-200">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-red-800">
        Delete the team
      </h2>
      <p className="mt-1 text-slate-600">
        Every member loses access at once. The team's reports, site checks and watches are erased
        after 30 days, as a deleted account's are.
      </p>
      <form
        aria-labelledby={`${id}-title`}
        className="mt-4 space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          void remove();
        }}
      >
        <FormField id={`${id}-confirm`} label={`Type the team's name (${team.name}) to confirm`}>
          {(describedBy) => (
            <Input
              id={`${id}-confirm`}
              value={typed}
              autoComplete="off"
              aria-describedby={describedBy}
              onChange={(event) => setTyped(event.target.value)}
            />
          )}
        </FormField>
        {failure ? <InlineError>{failure}</InlineError> : null}
        <Button type="submit" variant="destructive" disabled={busy || !confirmed}>
          Delete {team.name}
        </Button>
      </form>
    </Card>
  );
}
