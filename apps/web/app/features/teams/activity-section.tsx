import type { TeamAction, TeamActivityEntry } from '@crawlwise/shared/api/teams';
import { useId } from 'react';
import { AppLink } from '../../components/app-link.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { fetchTeamActivity } from './api/teams-api.ts';
import { formatWhen } from './role-copy.ts';
import { TeamError } from './team-error.tsx';

/** Each action of the trail as a phrase; the subject follows it. */
export const ACTION_LABEL: Record<TeamAction, string> = {
  'team.created': 'created the team',
  'report.created': 'ran a report of',
  'site-check.created': 'started a site check of',
  'watch.created': 'started watching',
  'watch.deleted': 'stopped watching',
  'member.invited': 'invited',
  'invitation.cancelled': 'cancelled the invitation of',
  'invitation.resent': 'resent the invitation of',
  'member.joined': 'joined:',
  'member.removed': 'removed',
  'member.left': 'left:',
  'member.role-changed': 'changed a role:',
  'ownership.transferred': 'transferred the ownership to',
};

/** The team's trail: who ran what and when, the last 100 actions, newest first. */
export function ActivitySection({ teamId }: { teamId: string }) {
  const id = useId();
  const activity = useApiQuery((signal) => fetchTeamActivity(teamId, signal), [teamId]);
  return (
    <Card>
      <section aria-labelledby={id}>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          Activity
        </h2>
        <p className="mt-1 text-sm text-slate-600">The last 100 actions in this team.</p>
        {activity.status === 'error' ? (
          <div className="mt-4">
            <TeamError code={activity.error} message={activity.message} />
          </div>
        ) : activity.status !== 'success' ? (
          <div className="mt-4 h-16 animate-pulse rounded-xl bg-slate-100" aria-hidden />
        ) : activity.data.activity.length === 0 ? (
          <p className="mt-3 text-slate-600">Nothing happened in this team yet.</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-100">
            {activity.data.activity.map((entry) => (
              <ActivityRow key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
}

function ActivityRow({ entry }: { entry: TeamActivityEntry }) {
  const who = entry.actor ? entry.actor.name.trim() || entry.actor.email : 'A deleted account';
  return (
    <li className="py-2.5 text-sm" data-testid="activity-row">
      <p className="wrap-anywhere text-slate-800">
        <span className="font-medium text-slate-900">{who}</span> {ACTION_LABEL[entry.action]}{' '}
        {entry.href ? (
          <AppLink to={entry.href} className="text-brand-700 underline">
            {entry.subject}
          </AppLink>
        ) : (
          <span>{entry.subject}</span>
        )}
      </p>
      <p className="text-slate-600">
        <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
      </p>
    </li>
  );
}
