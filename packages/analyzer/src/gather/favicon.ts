import { isAnalysisError } from '../analysis-error.ts';
import type { FaviconArtifact } from '../types.ts';
import { fetchOriginFile, type OriginFileOptions, originFileUrl } from './origin-file.ts';
import { looksLikeHtml } from './sniff.ts';

/**
 * `/favicon.ico` of the page's origin: the address browsers and Google's favicon crawler fall
 * back to when a page declares no icon. One request per origin, through the same guarded fetch
 * as the page (the address guard on every hop), kept per origin like robots.txt. Only the first
 * bytes are read (the format shows there; an icon's size does not matter here), so a huge or
 * endless answer costs at most FAVICON_MAX_BYTES.
 */

export const FAVICON_TIMEOUT_MS = 3000;
export const FAVICON_MAX_BYTES = 4 * 1024;
export const FAVICON_MAX_REDIRECTS = 5;

/** The /favicon.ico address of a page's origin; null when the page URL is not a URL. */
export function faviconUrlOf(pageUrl: string): string | null {
  return originFileUrl(pageUrl, '/favicon.ico');
}

/** Reads the /favicon.ico of the page's origin. Never throws. */
export async function fetchFavicon(
  pageUrl: string,
  options: OriginFileOptions,
): Promise<FaviconArtifact> {
  const url = faviconUrlOf(pageUrl);
  if (url === null) return { url: '', status: 'unreachable', detail: 'Invalid page URL.' };
  try {
    const raw = await fetchOriginFile(url, options, {
      accept: 'image/avif,image/webp,image/png,image/svg+xml,image/*,*/*;q=0.8',
      timeoutMs: FAVICON_TIMEOUT_MS,
      maxBytes: FAVICON_MAX_BYTES,
      maxRedirects: FAVICON_MAX_REDIRECTS,
    });
    const { status } = raw;
    const base = {
      url,
      httpStatus: status,
      ...(raw.finalUrl !== url ? { finalUrl: raw.finalUrl } : {}),
    };
    if (status === 429 || status >= 500) {
      return { ...base, status: 'unreachable', detail: `HTTP ${status}` };
    }
    if (status < 200 || status >= 300) return { ...base, status: 'missing' };
    const format = imageFormat(raw.body);
    const contentType = raw.contentType.mime;
    // A server may label an icon oddly (application/octet-stream); the bytes decide then. An
    // image/* label on bytes that are not an image we know still counts: formats come and go.
    const image = format !== null || contentType.startsWith('image/');
    return { ...base, status: image ? 'image' : 'not-image', contentType, format };
  } catch (error) {
    if (isAnalysisError(error) && error.code === 'redirect_loop') {
      return { url, status: 'missing', detail: error.message };
    }
    return {
      url,
      status: 'unreachable',
      detail: error instanceof Error ? error.message : String(error),
    };
  }
}

const SIGNATURES: ReadonlyArray<[string, (bytes: Uint8Array) => boolean]> = [
  ['ico', (b) => b[0] === 0 && b[1] === 0 && (b[2] === 1 || b[2] === 2) && b[3] === 0],
  ['png', (b) => b[0] === 0x89 && ascii(b, 1, 3) === 'PNG'],
  ['gif', (b) => ascii(b, 0, 4) === 'GIF8'],
  ['jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['webp', (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP'],
  ['bmp', (b) => ascii(b, 0, 2) === 'BM'],
  ['avif', (b) => ascii(b, 4, 4) === 'ftyp' && /^avi[fs]$/.test(ascii(b, 8, 4))],
  // An HTML page with an inline <svg> near its top is still a page.
  [
    'svg',
    (b) =>
      !looksLikeHtml(b) && /<svg[\s>]/i.test(Buffer.from(b.subarray(0, 1024)).toString('latin1')),
  ],
];

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return Buffer.from(bytes.subarray(start, start + length)).toString('latin1');
}

/** The image format the first bytes show, or null when they show none we know. */
export function imageFormat(bytes: Uint8Array): string | null {
  for (const [format, matches] of SIGNATURES) if (matches(bytes)) return format;
  return null;
}
