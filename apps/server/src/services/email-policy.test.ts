import { describe, expect, it } from 'vitest';
import { isBlockedEmail } from './email-policy.ts';

describe('isBlockedEmail', () => {
  it.each([
    'a@mailinator.com',
    'a@MAILINATOR.com',
    'a@sub.mailinator.com',
    'a@yopmail.com.',
    'a@host.test',
    'a@localhost',
  ])('blocks %s', (email) => {
    expect(isBlockedEmail(email)).toBe(true);
  });

  it.each(['a@example.com', 'a@notmailinator.com', 'a@gmail.com', 'a@test.example'])(
    'lets %s through',
    (email) => {
      expect(isBlockedEmail(email)).toBe(false);
    },
  );
});
