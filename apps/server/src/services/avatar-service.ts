import { AVATAR_MESSAGES } from '@crawlwise/shared/accounts';
import { eq } from 'drizzle-orm';
import type { Metadata, default as Sharp } from 'sharp';
import type { Database } from '../db/database.ts';
import { avatars, users } from '../db/schema.ts';
import { newAccessToken } from './access-token.ts';

/**
 * Profile pictures. The type is decided by the file's first bytes (never by its name or the
 * browser's word), the decoded size is bounded before any pixel is decoded, and the picture is
 * re-encoded: what is stored and served is a fresh WebP of at most 512 px a side, without the
 * original's metadata (EXIF, GPS position, camera serial, comments).
 */

let sharpModule: Promise<typeof Sharp> | null = null;

/**
 * sharp, loaded with the first picture: libvips and its libraries are about 20 MB resident that
 * an idle server (most never see an avatar) would otherwise hold from start-up (issue 23.3).
 */
function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // Pictures are decoded once each: libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

export type AvatarType = 'image/jpeg' | 'image/png' | 'image/webp';

/** A picture of more pixels than this is refused before decoding (a small file can be huge). */
export const AVATAR_MAX_PIXELS = 25_000_000;
/**
 * And a picture longer than this on either side: 25,000,000 × 1 px is within the pixel bound
 * yet cost about 570 MB to decode and shrink (issue 25).
 */
export const AVATAR_MAX_SIDE_PX = 10_000;
/** Decodes at once per process; more wait their turn (eight at once took the server to 2.6 GB). */
const AVATAR_DECODES_AT_ONCE = 2;
const AVATAR_MAX_SIDE = 512;
const AVATAR_WEBP_QUALITY = 85;
export const AVATAR_PATH_PREFIX = '/api/avatars/';

export class AvatarError extends Error {
  constructor(
    readonly reason: 'invalid_type' | 'too_many_pixels',
    message: string,
  ) {
    super(message);
  }
}

/** The image type named by the file's signature, or null. */
export function sniffImageType(bytes: Uint8Array): AvatarType | null {
  const starts = (signature: number[], at = 0) =>
    signature.every((byte, index) => bytes[at + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

const SHARP_FORMAT: Record<AvatarType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Checks and re-encodes an uploaded picture; throws AvatarError for what the visitor can fix. */
export async function reencodeAvatar(upload: Buffer): Promise<Buffer> {
  const type = sniffImageType(upload);
  if (!type) throw new AvatarError('invalid_type', AVATAR_MESSAGES.invalidType.description);
  // The header alone gives the size; nothing is decoded yet.
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw new AvatarError('invalid_type', AVATAR_MESSAGES.invalidType.description);
  }
  if (metadata.format !== SHARP_FORMAT[type]) {
    throw new AvatarError('invalid_type', AVATAR_MESSAGES.invalidType.description);
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels === 0) throw new AvatarError('invalid_type', AVATAR_MESSAGES.invalidType.description);
  const longestSide = Math.max(metadata.width ?? 0, metadata.height ?? 0);
  if (pixels > AVATAR_MAX_PIXELS || longestSide > AVATAR_MAX_SIDE_PX) {
    throw new AvatarError('too_many_pixels', AVATAR_MESSAGES.tooManyPixels.description);
  }
  await decodeTurns.acquire();
  try {
    return await sharp(upload, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' })
      // Turn the picture upright by its EXIF orientation before that metadata is dropped.
      .rotate()
      .resize(AVATAR_MAX_SIDE, AVATAR_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: AVATAR_WEBP_QUALITY })
      .toBuffer();
  } catch {
    // Truncated or corrupt data behind a valid header.
    throw new AvatarError('invalid_type', AVATAR_MESSAGES.invalidType.description);
  } finally {
    decodeTurns.release();
  }
}

/** A counting gate: at most `limit` holders, the rest wait in arrival order. */
class Turns {
  private held = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  acquire(): Promise<void> {
    if (this.held < this.limit) {
      this.held += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    // The turn passes straight to the next waiter; `held` stays the same.
    if (next) next();
    else this.held -= 1;
  }
}

const decodeTurns = new Turns(AVATAR_DECODES_AT_ONCE);

export interface StoredAvatar {
  contentType: string;
  bytes: Buffer;
}

export class AvatarService {
  constructor(private readonly database: Database) {}

  /** Stores the picture as the account's only one and points the profile at it. */
  async replace(userId: string, webp: Buffer): Promise<string> {
    const key = newAccessToken();
    const url = `${AVATAR_PATH_PREFIX}${key}`;
    await this.database.db.transaction(async (tx) => {
      // The previous picture goes in the same transaction: never two, never none in between.
      await tx.delete(avatars).where(eq(avatars.userId, userId));
      await tx.insert(avatars).values({ key, userId, contentType: 'image/webp', bytes: webp });
      await tx.update(users).set({ image: url, updatedAt: new Date() }).where(eq(users.id, userId));
    });
    return url;
  }

  async read(key: string): Promise<StoredAvatar | null> {
    const [row] = await this.database.db
      .select({ contentType: avatars.contentType, bytes: avatars.bytes })
      .from(avatars)
      .where(eq(avatars.key, key));
    return row ?? null;
  }
}
