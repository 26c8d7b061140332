import {
  teamActivityResponseSchema,
  teamIdParamsSchema,
  transferOwnershipBodySchema,
  transferOwnershipResponseSchema,
} from '@crawlwise/shared/api/teams';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../errors.ts';
import { BODY_ERRORS, errorResponses } from '../plugins/openapi.ts';
import { requireUser, signedIn } from './require-user.ts';

/**
 * What Better Auth's organization plugin lacks (docs/teams.md): a team's activity trail and the
 * ownership transfer. Everything else about teams is `/api/auth/organization/*`. The team is
 * named in the path, not taken from the active workspace; a team the caller is not a member
 * of answers `team_not_found`, as a missing one does.
 */

const SIGNED_OUT = ['invalid_request', 401] as const;

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { teams } = app.services;

  app.get(
    '/api/teams/:teamId/activity',
    {
      preValidation: signedIn,
      schema: {
        tags: ['teams'],
        summary: 'A team’s activity: who made what and who changed the team (newest 100)',
        description:
          'Members only. Newest first: reports, site checks and watches made in the team, ' +
          'watches removed, and member events (invited, invitation resent or cancelled, joined, removed, ' +
          'left, role changed, ownership transferred, team created).',
        params: teamIdParamsSchema,
        response: {
          200: teamActivityResponseSchema,
          ...errorResponses(SIGNED_OUT, 'team_not_found'),
        },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const { teamId } = request.params;
      if (!(await teams.roleOf(teamId, userId))) throw new ApiError('team_not_found');
      return { ok: true as const, activity: await teams.activity(teamId) };
    },
  );

  app.post(
    '/api/teams/:teamId/transfer-ownership',
    {
      preValidation: signedIn,
      schema: {
        tags: ['teams'],
        summary: 'Hand the team to another member (owner only)',
        description:
          'The member named by `userId` becomes the owner; the former owner stays as an admin. ' +
          'One transaction. Another role than owner answers `team_forbidden`; a `userId` that ' +
          'is not another member of the team answers 400.',
        params: teamIdParamsSchema,
        body: transferOwnershipBodySchema,
        response: {
          200: transferOwnershipResponseSchema,
          ...errorResponses(
            SIGNED_OUT,
            'team_not_found',
            'team_forbidden',
            ['invalid_request', 400],
            ...BODY_ERRORS,
          ),
        },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      await teams.transferOwnership(request.params.teamId, userId, request.body.userId);
      return { ok: true as const };
    },
  );
};
