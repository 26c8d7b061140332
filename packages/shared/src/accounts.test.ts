import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  changePasswordSchema,
  displayNameSchema,
  firstMessage,
  newPasswordSchema,
  PROFILE_MESSAGES,
  profileNotice,
  signInSchema,
  signUpSchema,
} from './accounts.ts';

const failure = (result: { success: boolean; error?: unknown }) =>
  result.success ? null : firstMessage(result.error as never);

describe('sign-up and sign-in', () => {
  it('accepts a trimmed name of 2-100 characters, a valid email and a 6+ password', () => {
    const parsed = signUpSchema.parse({ name: '  Al  ', email: ' a@b.co ', password: '123456' });
    expect(parsed).toEqual({ name: 'Al', email: 'a@b.co', password: '123456' });
    expect(
      signUpSchema.safeParse({ name: 'x'.repeat(100), email: 'a@b.co', password: '123456' }),
    ).toMatchObject({ success: true });
  });

  it('gives the spec’s messages, the first field of the form first', () => {
    expect(failure(signUpSchema.safeParse({ name: ' A ', email: 'nope', password: '1' }))).toBe(
      'Name must be at least 2 characters',
    );
    expect(failure(signUpSchema.safeParse({ name: 'Ada', email: 'nope', password: '1' }))).toBe(
      'Invalid email address',
    );
    expect(
      failure(signUpSchema.safeParse({ name: 'Ada', email: 'a@b.co', password: '12345' })),
    ).toBe('Password must be at least 6 characters');
    expect(
      failure(
        signUpSchema.safeParse({ name: 'x'.repeat(101), email: 'a@b.co', password: '123456' }),
      ),
    ).toBe(AUTH_MESSAGES.nameTooLong);
    expect(failure(signUpSchema.safeParse({}))).toBe('Name must be at least 2 characters');
  });

  it('sign-in needs no name', () => {
    expect(signInSchema.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
    expect(failure(signInSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(
      'Password must be at least 6 characters',
    );
  });
});

describe('display name', () => {
  it('is trimmed and 2 to 50 characters', () => {
    expect(displayNameSchema.parse('  Grace Hopper ')).toBe('Grace Hopper');
    expect(failure(displayNameSchema.safeParse(' G '))).toBe('Name must be at least 2 characters');
    expect(failure(displayNameSchema.safeParse('x'.repeat(51)))).toBe(
      PROFILE_MESSAGES.nameTooLong.description,
    );
    expect(displayNameSchema.safeParse('x'.repeat(50)).success).toBe(true);
  });

  it('pairs the message with the spec’s toast title', () => {
    expect(profileNotice('Name must be at least 2 characters')).toEqual({
      title: 'Invalid name',
      description: 'Name must be at least 2 characters',
    });
  });
});

describe('new password', () => {
  it('needs both fields, 8+ characters and a matching confirmation', () => {
    expect(failure(newPasswordSchema.safeParse({ newPassword: '', confirmPassword: '' }))).toBe(
      'Both fields are required',
    );
    expect(
      failure(newPasswordSchema.safeParse({ newPassword: '1234567', confirmPassword: '1234567' })),
    ).toBe('Password must be at least 8 characters');
    expect(
      failure(
        newPasswordSchema.safeParse({ newPassword: '12345678', confirmPassword: '1234567x' }),
      ),
    ).toBe('Please make sure both passwords are identical');
    expect(
      newPasswordSchema.safeParse({ newPassword: '12345678', confirmPassword: '12345678' }).success,
    ).toBe(true);
    expect(profileNotice('Please make sure both passwords are identical').title).toBe(
      'Passwords do not match',
    );
    expect(profileNotice('Password must be at least 8 characters').title).toBe(
      'Password too short',
    );
  });

  it('the server’s change requires the current password', () => {
    expect(
      failure(changePasswordSchema.safeParse({ currentPassword: '', newPassword: '12345678' })),
    ).toBe('Enter your current password');
    expect(
      changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: '12345678' }).success,
    ).toBe(true);
  });
});
