/**
 * Account limits and wording (product spec, points 5, 8 and 9), without the validation schemas:
 * screens that only show a message (the header's session check, toasts) import this module and
 * stay free of the schema library, which accounts.ts adds on top of it.
 */

export const ACCOUNT_LIMITS = {
  /** Auth: full name 2 to 100 characters, password at least 6. */
  fullNameMin: 2,
  fullNameMax: 100,
  passwordMin: 6,
  /** Display name 2 to 50 characters (the input allows at most 50). */
  displayNameMin: 2,
  displayNameMax: 50,
  /** New password at least 8 characters. */
  newPasswordMin: 8,
  /** Better Auth refuses longer passwords; the forms say so before the round trip. */
  passwordMax: 128,
  /** Addresses are stored up to this length (RFC 5321's path limit, as the contact form). */
  emailMax: 255,
} as const;

/** A title and a description: how the spec words every toast. */
export interface Notice {
  title: string;
  description: string;
}

export const AUTH_MESSAGES = {
  invalidEmail: 'Invalid email address',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be less than 100 characters',
  emailTaken: 'This email is already registered. Please sign in instead.',
  invalidCredentials: 'Invalid email or password',
  signUpFailed: 'Failed to sign up',
  signInFailed: 'Failed to sign in',
  unexpected: 'An unexpected error occurred',
  signedUp: 'Account created successfully!',
  signedIn: 'Signed in successfully!',
  /** Shown after sign-up when the address must be confirmed first (SMTP configured). */
  confirmEmail: 'Check your inbox: follow the link we sent to confirm your email address.',
  emailConfirmed: 'Email confirmed',
  emailConfirmedDetail: 'Your address is confirmed and you are signed in.',
  /** Sign-in of an address not confirmed yet: a new link is sent with the refusal. */
  emailNotConfirmed:
    'Please confirm your email address first. We have sent you a new confirmation link.',
  signedOut: 'Signed out',
  /** The spec's wording with the identity provider's name, e.g. 'Failed to sign in with Google'. */
  providerFailed: (provider: string) => `Failed to sign in with ${provider}`,
} as const;

export const PROFILE_MESSAGES = {
  nameInvalid: { title: 'Invalid name', description: 'Name must be at least 2 characters' },
  nameTooLong: { title: 'Invalid name', description: 'Name must be at most 50 characters' },
  passwordTooShort: {
    title: 'Password too short',
    description: 'Password must be at least 8 characters',
  },
  passwordTooLong: {
    title: 'Password too long',
    description: 'Password must be at most 128 characters',
  },
  passwordHelp: 'Must be at least 8 characters',
  passwordsDiffer: {
    title: 'Passwords do not match',
    description: 'Please make sure both passwords are identical',
  },
  passwordRequired: { title: 'Password required', description: 'Both fields are required' },
  currentPasswordRequired: {
    title: 'Password required',
    description: 'Enter your current password',
  },
  nameSaved: { title: 'Success', description: 'Display name updated' },
  nameFailed: { title: 'Update failed', description: 'Failed to update profile' },
  passwordSaved: {
    title: 'Password updated',
    description: 'Your password has been changed successfully',
  },
  passwordFailed: { title: 'Update failed', description: 'Failed to update password' },
  notSet: 'Not set',
  accountDeleted: {
    title: 'Account deleted',
    description: 'Your account, its reports and its picture have been erased.',
  },
  accountDeleteFailed: { title: 'Delete failed', description: 'Failed to delete your account' },
  reportDeleted: { title: 'Report deleted', description: 'The report has been erased.' },
  reportDeleteFailed: { title: 'Delete failed', description: 'Failed to delete the report' },
} as const satisfies Record<string, Notice | string>;

export const AVATAR_MESSAGES = {
  invalidType: {
    title: 'Invalid file type',
    description: 'Please upload a JPG, PNG, or WEBP image',
  },
  tooLarge: { title: 'File too large', description: 'Please upload an image smaller than 2MB' },
  failed: { title: 'Upload failed', description: 'Failed to upload image' },
  /** Decoded size over the pixel bound: the file is small but the picture is huge. */
  tooManyPixels: {
    title: 'Upload failed',
    description:
      'The image is too large in pixels. Please upload a picture of at most 25 megapixels and 10,000 pixels a side',
  },
  saved: { title: 'Success', description: 'Profile picture updated' },
} as const satisfies Record<string, Notice>;
