import {
  TEAM_ACTIVITY_LIMIT,
  type TeamAction,
  type TeamActivityEntry,
} from '@crawlwise/shared/api/teams';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { col, type Db, queryRows } from '../database.ts';
import { teamActivity, users } from '../schema.ts';

/**
 * The owner of the team_activity table (a team's trail, docs/teams.md): its lines are written
 * and read here, through the Drizzle schema. What a line says and when one is written is decided
 * by the callers (services/teams.ts, team-rules.ts, the routes); a line goes with its team
 * (foreign key) and loses its actor when that account is deleted.
 */

export interface NewActivity {
  teamId: string;
  actorId: string | null;
  action: TeamAction;
  subject: string;
  href?: string | null;
}

/** Writes one line of the team's trail. */
export async function insertTeamActivity(db: Db, entry: NewActivity): Promise<void> {
  await db.execute(
    sql`insert into ${teamActivity} (${col(teamActivity.teamId)}, ${col(teamActivity.actorId)},
          ${col(teamActivity.action)}, ${col(teamActivity.subject)}, ${col(teamActivity.href)})
        values (${entry.teamId}, ${entry.actorId}, ${entry.action}, ${entry.subject},
                ${entry.href ?? null})`,
  );
}

const a = alias(teamActivity, 'a');
const u = alias(users, 'u');

/** The newest lines of the trail, newest first, with the actor as the account reads now. */
export async function listTeamActivity(db: Db, teamId: string): Promise<TeamActivityEntry[]> {
  const rows = await queryRows<{
    id: string;
    at: Date | string;
    action: TeamAction;
    subject: string;
    href: string | null;
    actor_id: string | null;
    actor_name: string | null;
    actor_email: string | null;
  }>(
    db,
    sql`select ${a.id} as id, ${a.at} as at, ${a.action} as action, ${a.subject} as subject,
               ${a.href} as href, ${a.actorId} as actor_id,
               ${u.name} as actor_name, ${u.email} as actor_email
          from ${teamActivity} ${a} left join ${users} ${u} on ${u.id} = ${a.actorId}
         where ${a.teamId} = ${teamId}
         order by ${a.at} desc, ${a.id} desc
         limit ${TEAM_ACTIVITY_LIMIT}`,
  );
  return rows.map((row) => ({
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor:
      row.actor_id && row.actor_email !== null
        ? { id: row.actor_id, name: row.actor_name ?? '', email: row.actor_email }
        : null,
    action: row.action,
    subject: row.subject,
    href: row.href,
  }));
}
