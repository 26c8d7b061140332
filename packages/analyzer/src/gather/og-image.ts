import { Parser } from 'htmlparser2';
import { FastTokenizer } from '../page/fast-tokenizer.ts';
import type { AddressGuard, OgImageArtifact } from '../types.ts';
import type { HostGate } from './host-gate.ts';
import { guardedFetch } from './http-fetch.ts';
import { probeFailure } from './image-probe.ts';
import { imageSize } from './image-size.ts';

/**
 * The page's og:image, asked once per page (and kept per image address by the engine, since a
 * site often shares one): does it answer, is it an image, and how large is it in pixels. Only
 * the start of the file is read (OG_IMAGE_MAX_BYTES: a JPEG's frame header may sit behind its
 * EXIF data), through the engine's address guard like every other request.
 *
 * The address is read here, before the analysis parses the page, by scanning the head with
 * htmlparser2 (entities decoded): the first og:image (or og:image:url / og:image:secure_url)
 * meta. The og-image check compares it with what the full parse found and is skipped when they
 * differ, so a scanner disagreement cannot judge the wrong image.
 */

export const OG_IMAGE_MAX_BYTES = 128 * 1024;
export const OG_IMAGE_TIMEOUT_MS = 3_000;
/** The head is scanned at most this far into the document. */
const HEAD_SCAN_CHARS = 512 * 1024;
/**
 * The scan is fed this much at a time and stops after the slice where the head ends: small, as
 * it runs on the engine's main thread for every page and most heads end in the first few KB
 * (16 KB slices spent half of it past the head on the readability pages; issue 23.2).
 */
const HEAD_SCAN_SLICE = 2 * 1024;
const OG_IMAGE_KEYS = new Set(['og:image', 'og:image:url', 'og:image:secure_url']);

/** The first og:image of the head, as written (not resolved); null when there is none. */
export function ogImageOf(html: string): string | null {
  let found: string | null = null;
  let done = false;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (done) return;
        if (name === 'body') done = true;
        if (name !== 'meta') return;
        const key = (attribs.property ?? attribs.name ?? '').trim().toLowerCase();
        const content = attribs.content?.trim();
        if (OG_IMAGE_KEYS.has(key) && content) {
          found = content;
          done = true;
        }
      },
      onclosetag(name) {
        if (name === 'head') done = true;
      },
    },
    {
      decodeEntities: true,
      lowerCaseTags: true,
      lowerCaseAttributeNames: true,
      Tokenizer: FastTokenizer,
    },
  );
  // Fed in slices so the scan stops soon after the head ends.
  const end = Math.min(html.length, HEAD_SCAN_CHARS);
  for (let at = 0; at < end && !done; at += HEAD_SCAN_SLICE) {
    parser.write(html.slice(at, Math.min(end, at + HEAD_SCAN_SLICE)));
  }
  if (!done) parser.end();
  return found;
}

export interface FetchOgImageOptions {
  guard: AddressGuard;
  userAgent: string;
  timeoutMs?: number;
  /** Paces the request per host (the engine's gate; host-gate.ts). */
  gate?: HostGate;
}

/** Asks for the start of the image and reads its size. Never throws. */
export async function fetchOgImage(
  url: string,
  { guard, userAgent, gate, timeoutMs = OG_IMAGE_TIMEOUT_MS }: FetchOgImageOptions,
): Promise<OgImageArtifact> {
  try {
    const raw = await guardedFetch(url, {
      guard,
      userAgent,
      accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8',
      timeoutMs,
      maxBytes: OG_IMAGE_MAX_BYTES,
      maxRedirects: 5,
      overflow: 'truncate',
      ...(gate ? { gate } : {}),
      onResponse: (head) => (head.status >= 200 && head.status < 300 ? 'read' : 'skip'),
    });
    const length = Number(raw.headers['content-length']);
    const size = raw.bodyRead ? imageSize(raw.body) : null;
    return {
      url,
      outcome: 'answered',
      status: raw.status,
      finalUrl: raw.finalUrl,
      contentType: raw.contentType.mime || null,
      bytes: Number.isSafeInteger(length) && length >= 0 ? length : null,
      ...(size ? { format: size.format, width: size.width, height: size.height } : {}),
    };
  } catch (error) {
    return { url, ...probeFailure(error) };
  }
}

/** The page's og:image resolved against the page address; null when absent or not http(s). */
export function ogImageUrl(html: string, pageUrl: string): string | null {
  const value = ogImageOf(html);
  if (value === null) return null;
  try {
    const url = new URL(value, pageUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}
