import { createHash, randomBytes } from 'node:crypto';

/**
 * One-click stop tokens: 256 random bits in the mail, only their SHA-256 in the database, so a
 * copy of the database cannot stop anybody's watch. A token does one thing: remove the watch
 * whose mail carried it.
 */
export function newStopToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashStopToken(token) };
}

export function hashStopToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isWellFormedStopToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
