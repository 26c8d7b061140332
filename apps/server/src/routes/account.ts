import { AVATAR_MESSAGES, firstMessage, profileUpdateSchema } from '@crawlwise/shared/accounts';
import { AVATAR_MAX_BYTES } from '@crawlwise/shared/limits';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { users } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { BODY_ERRORS, errorResponses } from '../plugins/openapi.ts';
import { isWellFormedAccessToken } from '../services/access-token.ts';
import { throttleMessage } from '../services/attempt-throttle.ts';
import { configuredProviders } from '../services/auth.ts';
import { AvatarError, AvatarService, reencodeAvatar } from '../services/avatar-service.ts';
import { listOwnReports } from '../services/report-history.ts';
import { requireUser } from './require-user.ts';

/**
 * The signed-in account's own data: its report history, its display name and its picture, plus
 * the list of third-party sign-in providers the /auth screen shows buttons for. Sign-up, sign-in,
 * password change and account deletion are Better Auth's routes (plugins/auth.ts).
 */

/** Offsets past this are not a real history: refused rather than scanned. */
const MAX_HISTORY_OFFSET = 100_000;

/** A picture's key never changes its bytes: a new upload is a new key. */
const AVATAR_CACHE_CONTROL = 'private, max-age=31536000, immutable';

const profileSchema = {
  type: 'object',
  properties: {
    fullName: { type: 'string' },
    avatarUrl: { type: 'string', nullable: true },
  },
};

export const accountRoutes: FastifyPluginAsync = async (app) => {
  const avatars = new AvatarService(app.database);
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
        response: {
          200: {
            type: 'object',
            properties: {
              providers: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'string' },
                    name: { type: 'string' },
                  },
                },
              },
            },
          },
        },
      },
    },
    async () => ({ providers: configuredProviders(app.config) }),
  );

  app.get<{ Querystring: { offset?: string } }>(
    '/api/me/reports',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Your reports, newest first, ten per page',
        querystring: {
          type: 'object',
          properties: { offset: { type: 'integer', minimum: 0, default: 0 } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              ok: { type: 'boolean', enum: [true] },
              total: { type: 'integer', description: 'Exact number of your reports' },
              offset: { type: 'integer' },
              reports: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'string' },
                    url: { type: 'string' },
                    score: { type: 'integer', nullable: true },
                    status: { type: 'string' },
                    created_at: { type: 'string', format: 'date-time' },
                    completed_at: { type: 'string', format: 'date-time', nullable: true },
                    access_token: { type: 'string' },
                  },
                },
              },
            },
          },
          ...errorResponses(['invalid_request', 400], ['invalid_request', 401]),
        },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const raw = request.query.offset ?? '0';
      const offset = /^\d{1,6}$/.test(String(raw)) ? Number(raw) : Number.NaN;
      if (!Number.isInteger(offset) || offset > MAX_HISTORY_OFFSET) {
        throw new ApiError('invalid_request', 'offset must be a whole number from 0.');
      }
      return { ok: true, ...(await listOwnReports(app.database.db, userId, offset)) };
    },
  );

  app.patch(
    '/api/me/profile',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change your display name',
        body: {
          type: 'object',
          required: ['fullName'],
          properties: { fullName: { type: 'string', minLength: 2, maxLength: 50 } },
        },
        response: {
          200: {
            type: 'object',
            properties: { ok: { type: 'boolean', enum: [true] }, profile: profileSchema },
          },
          ...errorResponses(['invalid_request', 401], ...BODY_ERRORS),
        },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const parsed = profileUpdateSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw new ApiError('invalid_request', firstMessage(parsed.error));
      const [row] = await app.database.db
        .update(users)
        .set({ name: parsed.data.fullName, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ fullName: users.name, avatarUrl: users.image });
      if (!row) throw new ApiError('invalid_request', 'Please sign in first.', { statusCode: 401 });
      return { ok: true, profile: row };
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
          200: {
            type: 'object',
            properties: { ok: { type: 'boolean', enum: [true] }, avatarUrl: { type: 'string' } },
          },
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
      const decision = app.attempts.check('avatarUpload', userId);
      if (!decision.allowed) {
        throw new ApiError('too_many_requests', throttleMessage(decision.retryAfterSeconds), {
          headers: { 'retry-after': String(decision.retryAfterSeconds) },
        });
      }
      app.attempts.record('avatarUpload', userId);
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
      return reply.send({ ok: true, avatarUrl });
    },
  );

  app.get<{ Params: { key: string } }>(
    '/api/avatars/:key',
    {
      schema: {
        tags: ['accounts'],
        summary: 'A profile picture (its address is the profile’s avatarUrl)',
        params: { type: 'object', properties: { key: { type: 'string' } } },
        produces: ['image/webp'],
        response: { 404: { description: 'No such picture', type: 'null' } },
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

function uploadError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new ApiError('invalid_request', AVATAR_MESSAGES.tooLarge.description, {
      statusCode: 413,
    });
  }
  if (typeof code === 'string' && code.startsWith('FST_')) {
    return new ApiError('invalid_request', AVATAR_MESSAGES.failed.description, { statusCode: 400 });
  }
  return error;
}
