import { AVATAR_MESSAGES } from '@crawlwise/shared/accounts';
import {
  authProvidersResponseSchema,
  avatarParamsSchema,
  avatarResponseSchema,
  profileBodySchema,
  profileResponseSchema,
} from '@crawlwise/shared/api/accounts';
import { myReportsQuerySchema, myReportsResponseSchema } from '@crawlwise/shared/api/reports';
import { AVATAR_MAX_BYTES } from '@crawlwise/shared/limits';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { BODY_ERRORS, errorResponses, fileResponse } from '../plugins/openapi.ts';
import { isWellFormedAccessToken } from '../services/access-token.ts';
import { throttleMessage } from '../services/attempt-throttle.ts';
import { configuredProviders } from '../services/auth.ts';
import { AvatarError, reencodeAvatar } from '../services/avatar-service.ts';
import { listOwnReports } from '../services/report-history.ts';
import { requireWorkspace } from '../services/workspace.ts';
import { requireUser, signedIn } from './require-user.ts';

/**
 * The signed-in account's own data: its report history, its display name and its picture, plus
 * the list of third-party sign-in providers the /auth screen shows buttons for. Sign-up, sign-in,
 * password change and account deletion are Better Auth's routes (plugins/auth.ts).
 */

/** A picture's key never changes its bytes: a new upload is a new key. */
const AVATAR_CACHE_CONTROL = 'private, max-age=31536000, immutable';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { avatars } = app.services;
  // Multipart bodies only for the routes of this plugin (everything else stays JSON-only). The
  // file limit is counted while the upload streams in: at 2 MB + 1 byte it stops.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 },
  });

  app.get(
    '/api/auth-providers',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Third-party sign-in providers configured on this installation',
        response: { 200: authProvidersResponseSchema },
      },
    },
    async () => ({ providers: configuredProviders(app.config) }),
  );

  app.get(
    '/api/me/reports',
    {
      preValidation: signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'Your reports, newest first, ten per page',
        querystring: myReportsQuerySchema,
        response: {
          200: myReportsResponseSchema,
          ...errorResponses(['invalid_request', 400], ['invalid_request', 401], 'team_not_found'),
        },
      },
    },
    async (request) => {
      const workspace = requireWorkspace(request);
      return {
        ok: true as const,
        ...(await listOwnReports(app.database.db, workspace, request.query.offset)),
      };
    },
  );

  app.patch(
    '/api/me/profile',
    {
      preValidation: signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'Change your display name',
        body: profileBodySchema,
        response: {
          200: profileResponseSchema,
          ...errorResponses(['invalid_request', 401], ...BODY_ERRORS),
        },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const [row] = await app.database.db
        .update(users)
        .set({ name: request.body.fullName, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ fullName: users.name, avatarUrl: users.image });
      if (!row) throw new ApiError('invalid_request', 'Please sign in first.', { statusCode: 401 });
      return { ok: true as const, profile: row };
    },
  );

  app.post(
    '/api/me/avatar',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Upload your profile picture (multipart, one file)',
        description:
          'JPEG, PNG or WebP, decided by the file’s bytes; at most 2 MB (413 as soon as the ' +
          'upload passes it) and 25 megapixels. The picture is re-encoded without its metadata ' +
          'and replaces the previous one.',
        consumes: ['multipart/form-data'],
        response: {
          200: avatarResponseSchema,
          ...errorResponses(
            ['invalid_request', 400],
            ['invalid_request', 401],
            ['invalid_request', 413],
            ['invalid_request', 415],
            ['invalid_request', 422],
            'too_many_requests',
          ),
        },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request);
      const reservation = app.attempts.reserve('avatarUpload', userId);
      if (!reservation.allowed) {
        throw new ApiError('too_many_requests', throttleMessage(reservation.retryAfterSeconds), {
          headers: { 'retry-after': String(reservation.retryAfterSeconds) },
        });
      }
      if (!request.isMultipart()) {
        throw new ApiError('invalid_request', AVATAR_MESSAGES.invalidType.description, {
          statusCode: 415,
        });
      }
      const upload = await readUpload(request);
      let webp: Buffer;
      try {
        webp = await reencodeAvatar(upload);
      } catch (error) {
        if (!(error instanceof AvatarError)) throw error;
        throw new ApiError('invalid_request', error.message, {
          statusCode: error.reason === 'too_many_pixels' ? 422 : 415,
        });
      }
      const avatarUrl = await avatars.replace(userId, webp);
      return reply.send({ ok: true as const, avatarUrl });
    },
  );

  app.get(
    '/api/avatars/:key',
    {
      schema: {
        tags: ['accounts'],
        summary: 'A profile picture (its address is the profile’s avatarUrl)',
        params: avatarParamsSchema,
        produces: ['image/webp'],
        response: {
          200: fileResponse('The picture', 'image/webp'),
          304: fileResponse('Not modified (If-None-Match)', 'image/webp', z.never()),
          404: z.null().describe('No such picture'),
        },
      },
    },
    async (request, reply) => {
      const key = request.params.key;
      const avatar = isWellFormedAccessToken(key) ? await avatars.read(key) : null;
      if (!avatar) return reply.code(404).header('cache-control', 'no-store').send();
      const etag = `"${key}"`;
      reply.header('cache-control', AVATAR_CACHE_CONTROL).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(avatar.contentType).send(avatar.bytes);
    },
  );
};

/** The one uploaded file, read up to the limit; past it, 413 with the spec's message. */
async function readUpload(request: import('fastify').FastifyRequest): Promise<Buffer> {
  let file: Awaited<ReturnType<typeof request.file>>;
  try {
    file = await request.file();
  } catch (error) {
    throw uploadError(error);
  }
  if (!file) {
    throw new ApiError('invalid_request', AVATAR_MESSAGES.invalidType.description, {
      statusCode: 400,
    });
  }
  try {
    return await file.toBuffer();
  } catch (error) {
    throw uploadError(error);
  }
}

/**
 * What reading the upload failed on is the client's bytes — a file over 2 MB (413), or a body
 * that is not the multipart it claims (no boundary, cut short, malformed parts: the parser's
 * plain errors, which once surfaced as 500s; issue 25) — so every such failure is a 4xx.
 */
function uploadError(error: unknown): ApiError {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new ApiError('invalid_request', AVATAR_MESSAGES.tooLarge.description, {
      statusCode: 413,
    });
  }
  return new ApiError('invalid_request', AVATAR_MESSAGES.failed.description, { statusCode: 400 });
}
