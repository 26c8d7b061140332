import { z } from 'zod';
import { profileUpdateSchema } from '../accounts.ts';

/** `GET /api/auth-providers`: the third-party sign-in buttons the /auth screen shows. */
export const authProvidersResponseSchema = z.object({
  providers: z.array(
    z.object({
      /** Better Auth's provider id: `google`, or `oidc` for the generic OpenID Connect one. */
      id: z.string(),
      /** The button's label. */
      name: z.string(),
    }),
  ),
});
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;

/** `PATCH /api/me/profile`. */
export const profileBodySchema = profileUpdateSchema;

export const profileResponseSchema = z.object({
  ok: z.literal(true),
  profile: z.object({ fullName: z.string(), avatarUrl: z.string().nullable() }),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** `POST /api/me/avatar` (multipart, one file). */
export const avatarResponseSchema = z.object({ ok: z.literal(true), avatarUrl: z.string() });
export type AvatarResponse = z.infer<typeof avatarResponseSchema>;

/** `GET /api/avatars/:key`. */
export const avatarParamsSchema = z.object({ key: z.string() });
