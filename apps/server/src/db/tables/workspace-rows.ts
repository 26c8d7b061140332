import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { WorkspaceOwner } from '../../services/workspace.ts';
import { col, type Db } from '../database.ts';
import { members } from '../schema.ts';

/**
 * What the tables made in a workspace (reports, site checks, watches) share: a maker
 * (`user_id`) and a team (`team_id`, null for the maker's Personal workspace; docs/teams.md).
 * The owner modules build their `…Of(workspace)` filters and their hand-over from these, so no
 * caller writes `team_id is null and user_id = …` by hand.
 */
export interface WorkspaceColumns {
  userId: PgColumn;
  teamId: PgColumn;
}

/** "Belongs to this workspace": Personal is the account's items outside any team. */
export function workspaceCondition(workspace: WorkspaceOwner, columns: WorkspaceColumns): SQL {
  return workspace.teamId === null
    ? (and(eq(columns.userId, workspace.userId), isNull(columns.teamId)) as SQL)
    : eq(columns.teamId, workspace.teamId);
}

/**
 * The rows a member made in a team pass to the team's owner (else its oldest other member): on
 * deleting their account (every team: the team keeps them when the maker link cascades), and on
 * leaving or being removed (`teamId`: that team only).
 */
export async function handOverToTeamOwner(
  tx: Db,
  table: PgTable & WorkspaceColumns,
  userId: string,
  teamId?: string,
): Promise<void> {
  const inTeams = teamId === undefined ? sql`is not null` : sql`= ${teamId}`;
  await tx.execute(
    sql`update ${table} set ${col(table.userId)} = (
          select ${members.userId} from ${members}
           where ${members.organizationId} = ${table.teamId} and ${members.userId} <> ${userId}
           order by (${members.role} like '%owner%') desc, ${members.createdAt} limit 1)
        where ${table.userId} = ${userId} and ${table.teamId} ${inTeams}
          and exists (select 1 from ${members}
                       where ${members.organizationId} = ${table.teamId}
                         and ${members.userId} <> ${userId})`,
  );
}
