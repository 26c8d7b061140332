import { z } from 'zod';
import {
  ACCOUNT_LIMITS,
  AUTH_MESSAGES,
  AVATAR_MESSAGES,
  type Notice,
  PROFILE_MESSAGES,
} from './account-messages.ts';

/**
 * Account rules and wording (product spec, points 5, 8 and 9): the /auth form, the profile's
 * display name and the change-password dialog. The web forms and the server's Better Auth hooks
 * parse with these same schemas, so a rule or a message changes in one place.
 */

export * from './account-messages.ts';

const email = z
  .string({ error: AUTH_MESSAGES.invalidEmail })
  .trim()
  .max(ACCOUNT_LIMITS.emailMax, AUTH_MESSAGES.invalidEmail)
  .pipe(z.email(AUTH_MESSAGES.invalidEmail));

const authPassword = z
  .string({ error: AUTH_MESSAGES.passwordTooShort })
  .min(ACCOUNT_LIMITS.passwordMin, AUTH_MESSAGES.passwordTooShort)
  .max(ACCOUNT_LIMITS.passwordMax, AUTH_MESSAGES.passwordTooLong);

const fullName = z
  .string({ error: AUTH_MESSAGES.nameTooShort })
  .trim()
  .min(ACCOUNT_LIMITS.fullNameMin, AUTH_MESSAGES.nameTooShort)
  .max(ACCOUNT_LIMITS.fullNameMax, AUTH_MESSAGES.nameTooLong);

/** Sign-in: email and password, in the order the form shows them (the first message wins). */
export const signInSchema = z.object({ email, password: authPassword });

/** Sign-up adds the full name, which the form shows first. */
export const signUpSchema = z.object({ name: fullName, email, password: authPassword });

export type SignInInput = z.output<typeof signInSchema>;
export type SignUpInput = z.output<typeof signUpSchema>;

/** The profile's display name: trimmed, 2 to 50 characters. */
export const displayNameSchema = z
  .string({ error: PROFILE_MESSAGES.nameInvalid.description })
  .trim()
  .min(ACCOUNT_LIMITS.displayNameMin, PROFILE_MESSAGES.nameInvalid.description)
  .max(ACCOUNT_LIMITS.displayNameMax, PROFILE_MESSAGES.nameTooLong.description);

export const profileUpdateSchema = z.object({ fullName: displayNameSchema });

const newPassword = z
  .string({ error: PROFILE_MESSAGES.passwordRequired.description })
  .min(1, PROFILE_MESSAGES.passwordRequired.description)
  .min(ACCOUNT_LIMITS.newPasswordMin, PROFILE_MESSAGES.passwordTooShort.description)
  .max(ACCOUNT_LIMITS.passwordMax, PROFILE_MESSAGES.passwordTooLong.description);

/** The change-password dialog: new password and its confirmation, both required. */
export const newPasswordSchema = z
  .object({
    newPassword,
    confirmPassword: z
      .string({ error: PROFILE_MESSAGES.passwordRequired.description })
      .min(1, PROFILE_MESSAGES.passwordRequired.description),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: PROFILE_MESSAGES.passwordsDiffer.description,
    path: ['confirmPassword'],
  });

/**
 * What the server checks on a password change (Better Auth's `change-password` body). The current
 * password proves it is the owner at the keyboard; the confirmation is the form's business.
 */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: PROFILE_MESSAGES.currentPasswordRequired.description })
    .min(1, PROFILE_MESSAGES.currentPasswordRequired.description),
  newPassword,
});

/** The spec's toast title for each profile message, so a schema's first message shows as a pair. */
const TITLE_BY_DESCRIPTION = new Map<string, string>(
  [...Object.values(PROFILE_MESSAGES), ...Object.values(AVATAR_MESSAGES)].flatMap((message) =>
    typeof message === 'string' ? [] : [[message.description, message.title] as const],
  ),
);

/** `{title, description}` for a profile rule's message; unknown messages get `fallbackTitle`. */
export function profileNotice(description: string, fallbackTitle = 'Update failed'): Notice {
  return { title: TITLE_BY_DESCRIPTION.get(description) ?? fallbackTitle, description };
}

/** The first message of a failed parse (the spec shows the first validation message as a toast). */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? AUTH_MESSAGES.unexpected;
}

/** Third-party sign-in providers a server may offer; GET /api/auth-providers lists the configured. */
export interface AuthProvider {
  /**
   * Better Auth's provider id for its sign-in/social route: `google`, or `oidc` for the generic
   * OpenID Connect provider.
   */
  id: string;
  /** The button's label and the name in 'Failed to sign in with {name}'. */
  name: string;
}
