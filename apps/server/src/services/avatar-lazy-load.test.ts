import { describe, expect, it, vi } from 'vitest';
import { AvatarError, reencodeAvatar } from './avatar-service.ts';

// Counts loads of sharp (the factory runs when the module is first imported) and hands back the
// real module, so pictures are still decoded.
const loads = vi.hoisted(() => ({ sharp: 0 }));
vi.mock('sharp', async (importOriginal) => {
  loads.sharp += 1;
  return importOriginal();
});

/** A 2 × 2 RGB PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAAMIM/////w8AH+4F+7C4l8kAAAAASUVORK5CYII=',
  'base64',
);

describe('avatars: sharp loads with the first picture (issue 23.3, idle footprint)', () => {
  it('is not loaded by importing the service nor by a file refused on its first bytes', async () => {
    expect(loads.sharp).toBe(0);
    await expect(reencodeAvatar(Buffer.from('GIF89a not a picture we take'))).rejects.toThrow(
      AvatarError,
    );
    expect(loads.sharp).toBe(0);
  });

  it('is loaded once by the first picture and reused by the next', async () => {
    for (let i = 0; i < 2; i++) {
      const webp = await reencodeAvatar(TINY_PNG);
      expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
    expect(loads.sharp).toBe(1);
  });
});
