import { PATHS } from '@crawlwise/shared/routes';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyCatalogue, notifyError } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { onWorkspaceLost } from '../../lib/workspace-lost.ts';
import { sessionStore } from '../auth/index.ts';
import { listTeams, setActiveTeam } from './api/teams-api.ts';
import { asTeamResult, failureText, teamFailure } from './team-errors.ts';
import { teamsEvents } from './teams-events.ts';

const PERSONAL = 'personal';
const MANAGE = 'manage-teams';

/**
 * Personal, then each team, then "Manage teams…": a native select, so it is reachable and
 * usable with the keyboard and a screen reader everywhere, and narrow enough for a phone.
 * Choosing a workspace makes it the session's active one; the app then reloads the screen's
 * data for it (use-workspace-key.ts).
 */
export default function WorkspaceSwitcher({
  userId,
  activeTeamId,
}: {
  userId: string;
  activeTeamId: string | null;
}) {
  const id = useId();
  const navigate = useNavigate();
  const teams = useApiQuery(async (signal) => asTeamResult(await listTeams(signal)), [userId]);
  const [switching, setSwitching] = useState(false);
  const { refetch } = teams;
  useEffect(() => teamsEvents.subscribe(refetch), [refetch]);
  // Removed from the active team (or it was deleted): back to Personal, once however many
  // requests answered so, and say why.
  useEffect(() => {
    let leaving = false;
    return onWorkspaceLost(() => {
      if (leaving) return;
      leaving = true;
      notifyCatalogue('team_not_found');
      void setActiveTeam(null)
        .then(() => sessionStore.refresh())
        .then(() => teamsEvents.changed())
        .finally(() => {
          leaving = false;
        });
    });
  }, []);

  const list = teams.status === 'success' ? teams.data : (teams.data ?? []);
  const current =
    activeTeamId && list.some((team) => team.id === activeTeamId) ? activeTeamId : PERSONAL;

  const choose = async (value: string) => {
    if (value === MANAGE) {
      void navigate(PATHS.teams);
      return;
    }
    const next = value === PERSONAL ? null : value;
    if (next === activeTeamId) return;
    setSwitching(true);
    const result = await setActiveTeam(next);
    if (!result.ok) {
      setSwitching(false);
      notifyError('Could not switch the workspace', failureText(teamFailure(result)));
      return;
    }
    await sessionStore.refresh();
    setSwitching(false);
  };

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 sm:sr-only">
        Workspace
      </label>
      <select
        id={id}
        value={current}
        disabled={switching}
        onChange={(event) => void choose(event.target.value)}
        className="h-9 min-w-0 flex-1 truncate rounded-lg border border-slate-300 bg-white pr-7 pl-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 sm:w-44 sm:flex-none"
      >
        <option value={PERSONAL}>Personal</option>
        {list.length > 0 ? (
          <optgroup label="Teams">
            {list.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </optgroup>
        ) : null}
        <option value={MANAGE}>Manage teams…</option>
      </select>
    </div>
  );
}
