import { TEAM_ROLES, type TeamActivityEntry, type TeamRole } from '@crawlwise/shared/api/teams';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { col, type Database, type Db, inTransaction, queryRows } from '../db/database.ts';
import { invitations, members, organizations, reports, users } from '../db/schema.ts';
import { detachMakerFromTeamReports } from '../db/tables/reports.ts';
import { handOverTeamSiteChecks } from '../db/tables/site-checks.ts';
import {
  insertTeamActivity,
  listTeamActivity,
  type NewActivity,
} from '../db/tables/team-activity.ts';
import { handOverTeamWatches } from '../db/tables/watches.ts';
import { ApiError } from '../errors.ts';
import { eraseWhere } from './report-erase.ts';

/**
 * Teams beyond what Better Auth's organization plugin does (docs/teams.md): the membership
 * lookup behind every request's workspace, the activity trail, the ownership transfer, and what
 * deleting a team or a member's account does to the team's items. Better Auth writes the
 * organization, member and invitation rows; our reads of them, and the ownership transfer's role
 * change, name tables and columns through the Drizzle schema. The trail's rows belong to
 * db/tables/team-activity.ts.
 */

export type { NewActivity };

const m = alias(members, 'm');
const u = alias(users, 'u');

const isRole = (value: unknown): value is TeamRole =>
  typeof value === 'string' && (TEAM_ROLES as readonly string[]).includes(value);

export class TeamService {
  constructor(private readonly database: Database) {}

  private get db(): Db {
    return this.database.db;
  }

  /** The account's role in the team, or null when it is not a member (or the team is gone). */
  async roleOf(teamId: string, userId: string): Promise<TeamRole | null> {
    const [row] = await queryRows<{ role: string }>(
      this.db,
      sql`select ${members.role} as role from ${members}
          where ${members.organizationId} = ${teamId} and ${members.userId} = ${userId}`,
    );
    if (!row) return null;
    // Better Auth stores several roles comma-separated; ours are single, the strongest wins.
    const roles = row.role.split(',').map((role) => role.trim());
    return TEAM_ROLES.find((role) => roles.includes(role)) ?? (isRole(row.role) ? row.role : null);
  }

  /** A membership's role by the membership's id (Better Auth's member id), or null. */
  async memberRole(teamId: string, memberId: string): Promise<string | null> {
    const [row] = await queryRows<{ role: string }>(
      this.db,
      sql`select ${members.role} as role from ${members}
          where ${members.organizationId} = ${teamId} and ${members.id} = ${memberId}`,
    );
    return row?.role ?? null;
  }

  /**
   * The role of the member a remove-member call names (its member id or its email address, as
   * Better Auth accepts both), or null when it names nobody in the team.
   */
  async roleOfMemberRef(teamId: string, memberIdOrEmail: string): Promise<TeamRole | null> {
    const [row] = await queryRows<{ user_id: string }>(
      this.db,
      sql`select ${m.userId} as user_id from ${members} ${m} join ${users} ${u} on ${u.id} = ${m.userId}
           where ${m.organizationId} = ${teamId}
             and (${m.id} = ${memberIdOrEmail} or lower(${u.email}) = lower(${memberIdOrEmail}))
           limit 1`,
    );
    return row ? this.roleOf(teamId, row.user_id) : null;
  }

  /** The team an invitation is to, or null for an unknown invitation. */
  async invitationTeam(invitationId: string): Promise<string | null> {
    const [row] = await queryRows<{ organization_id: string }>(
      this.db,
      sql`select ${invitations.organizationId} as organization_id from ${invitations}
          where ${invitations.id} = ${invitationId}`,
    );
    return row?.organization_id ?? null;
  }

  /** The team's id by its address, or null. */
  async teamIdBySlug(slug: string): Promise<string | null> {
    const [row] = await queryRows<{ id: string }>(
      this.db,
      sql`select ${organizations.id} as id from ${organizations}
          where ${organizations.slug} = ${slug}`,
    );
    return row?.id ?? null;
  }

  /** An account's email address (the trail's subject for member events), or null. */
  async emailOf(userId: string): Promise<string | null> {
    const [row] = await queryRows<{ email: string }>(
      this.db,
      sql`select ${users.email} as email from ${users} where ${users.id} = ${userId}`,
    );
    return row?.email ?? null;
  }

  /** Writes one line of the team's trail. */
  record(entry: NewActivity, db: Db = this.db): Promise<void> {
    return insertTeamActivity(db, entry);
  }

  /** The newest 100 lines of the trail, newest first, with the actor as the account reads now. */
  activity(teamId: string): Promise<TeamActivityEntry[]> {
    return listTeamActivity(this.db, teamId);
  }

  /**
   * The owner hands the team to another member in one transaction: the target becomes owner,
   * the former owner an admin. Only the owner may; the target must be a member.
   */
  async transferOwnership(teamId: string, ownerId: string, targetId: string): Promise<void> {
    await inTransaction(this.db, async (db) => {
      const rows = await queryRows<{ user_id: string; role: string; email: string }>(
        db,
        sql`select ${m.userId} as user_id, ${m.role} as role, ${u.email} as email
              from ${members} ${m} join ${users} ${u} on ${u.id} = ${m.userId}
             where ${m.organizationId} = ${teamId} and ${m.userId} in (${ownerId}, ${targetId})
             for update of ${m}`,
      );
      const owner = rows.find((row) => row.user_id === ownerId);
      if (!owner) throw new ApiError('team_not_found');
      if (!owner.role.split(',').includes('owner')) throw new ApiError('team_forbidden');
      const target = rows.find((row) => row.user_id === targetId);
      if (!target || targetId === ownerId) {
        throw new ApiError('invalid_request', 'The new owner must be another member of the team.', {
          statusCode: 400,
        });
      }
      const setRole = (userId: string, role: TeamRole) =>
        db.execute(
          sql`update ${members} set ${col(members.role)} = ${role}
               where ${members.organizationId} = ${teamId} and ${members.userId} = ${userId}`,
        );
      await setRole(targetId, 'owner');
      await setRole(ownerId, 'admin');
      await this.record(
        { teamId, actorId: ownerId, action: 'ownership.transferred', subject: target.email },
        db,
      );
    });
  }

  /** Whether the account owns a team (it cannot be deleted then). */
  async ownsTeam(userId: string): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(
      this.db,
      sql`select 1 as one from ${members} where ${members.userId} = ${userId}
            and 'owner' = any(string_to_array(${members.role}, ',')) limit 1`,
    );
    return rows.length > 0;
  }

  /**
   * Deleting a team: its reports are erased like a deleted account's (the tombstone answers
   * report_deleted; the 30-day purge does the rest); its site checks and watches go with the
   * team row (foreign keys). Returns the erased reports' access tokens (to drop cached copies).
   */
  eraseTeamReports(teamId: string): Promise<string[]> {
    return eraseWhere(this.db, sql`${reports.teamId} = ${teamId}`);
  }

  /**
   * A member who left the team or was removed from it: the watches they made in it pass to the
   * team's owner, so their runs go on and their mails stay inside the team. Reports and site
   * checks keep their maker (the trail's "who ran what").
   */
  handOverWatchesOf(teamId: string, userId: string): Promise<void> {
    return handOverTeamWatches(this.db, userId, teamId);
  }

  /** Whether the team has a pending invitation of this address (a resend, not a new one). */
  async hasPendingInvitation(teamId: string, email: string): Promise<boolean> {
    const [row] = await queryRows<{ id: string }>(
      this.db,
      sql`select ${invitations.id} as id from ${invitations}
          where ${invitations.organizationId} = ${teamId}
            and lower(${invitations.email}) = ${email} and ${invitations.status} = 'pending'
          limit 1`,
    );
    return row !== undefined;
  }

  /**
   * A member deleting their account: the team keeps what they made in it. Its site checks and
   * watches (whose maker link cascades) pass to the team's owner; its reports lose the maker link.
   */
  async handOverToTeams(userId: string): Promise<void> {
    await inTransaction(this.db, async (db) => {
      await handOverTeamSiteChecks(db, userId);
      await handOverTeamWatches(db, userId);
      await detachMakerFromTeamReports(db, userId);
    });
  }
}
