import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { imageSize } from './image-size.ts';

/** Files written by a real encoder (sharp/libvips), committed in test-support/images. */
const file = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../test-support/images/${name}`, import.meta.url)));

describe('imageSize', () => {
  it.each([
    ['1200x630.png', 'PNG', 1200, 630],
    ['1200x630-progressive-exif.jpg', 'JPEG', 1200, 630],
    ['150x100.jpg', 'JPEG', 150, 100],
    ['100x100.gif', 'GIF', 100, 100],
    ['300x200-lossy.webp', 'WebP', 300, 200],
    ['640x480-lossless.webp', 'WebP', 640, 480],
    ['1200x630-alpha.webp', 'WebP', 1200, 630],
  ])('reads %s', (name, format, width, height) => {
    expect(imageSize(file(name))).toEqual({ format, width, height });
  });

  it('reads a JPEG whose frame header sits behind several KB of EXIF', () => {
    const bytes = file('1200x630-progressive-exif.jpg');
    const frame = bytes.findIndex((byte, i) => byte === 0xff && bytes[i + 1] === 0xc2);
    expect(frame).toBeGreaterThan(2048);
    expect(imageSize(bytes.subarray(0, frame + 9))).toMatchObject({ width: 1200 });
  });

  it('returns null for other data and for files cut before the size', () => {
    expect(imageSize(new TextEncoder().encode('<!doctype html><html>'))).toBeNull();
    expect(
      imageSize(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBeNull();
    expect(imageSize(new Uint8Array())).toBeNull();
    expect(imageSize(file('1200x630.png').subarray(0, 20))).toBeNull();
    const jpeg = file('1200x630-progressive-exif.jpg');
    expect(imageSize(jpeg.subarray(0, 1000))).toBeNull();
    expect(imageSize(file('300x200-lossy.webp').subarray(0, 26))).toBeNull();
  });
});
