import { isAnalysisError } from '../analysis-error.ts';
import type { AddressGuard, ImageProbe, ImagesArtifact } from '../types.ts';
import type { HostGate } from './host-gate.ts';
import { guardedFetch } from './http-fetch.ts';

/**
 * The facts `image-weight` and `broken-images` need about the page's images: their status,
 * type and size. The render does not load images (imagesEnabled=false in browser-pool.ts cut
 * the render median by a sixth), and turning them back on would download every image in full,
 * decode it and hold the render until the last one arrives. Instead the render lists the images
 * of the rendered DOM (their resolved addresses, as the browser would request them), and each
 * is asked for its response head here: a guarded GET whose connection is closed once the head
 * arrives, so no body is read (HEAD is answered wrongly by too many servers and CDNs). The size
 * is the Content-Length the server declares; an image sent without one (chunked) has an
 * unknown size and is listed as such.
 *
 * Every request goes through the engine's address guard like the page's own; bounded: at most
 * MAX_PROBED distinct images per page, PROBE_CONCURRENCY at once (and the engine's per-host gate,
 * host-gate.ts, across pages), each within PROBE_TIMEOUT_MS (its wait for the gate included)
 * and all of them within PROBES_DEADLINE_MS (what is left unasked is counted). A probe that times
 * out or is refused by the guard says nothing about the image and is reported as such, not as
 * broken.
 */

export const MAX_PROBED = 24;
export const PROBE_CONCURRENCY = 6;
export const PROBE_TIMEOUT_MS = 2_000;
export const PROBES_DEADLINE_MS = 3_000;

export interface ProbeImagesOptions {
  guard: AddressGuard;
  userAgent: string;
  /** Paces the probes per host (the engine's gate; host-gate.ts). */
  gate?: HostGate;
  /** Probes one image; cached per image by the engine (a site's logo is asked once a minute). */
  probe?: (url: string) => Promise<ImageProbe>;
}

/** The response head of one image. Never throws. */
export async function probeImage(
  url: string,
  {
    guard,
    userAgent,
    gate,
    timeoutMs = PROBE_TIMEOUT_MS,
  }: ProbeImagesOptions & { timeoutMs?: number },
): Promise<ImageProbe> {
  try {
    const head = await guardedFetch(url, {
      guard,
      userAgent,
      accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8',
      timeoutMs,
      maxBytes: 0,
      maxRedirects: 5,
      overflow: 'truncate',
      ...(gate ? { gate } : {}),
      onResponse: () => 'skip',
    });
    const length = Number(head.headers['content-length']);
    return {
      url,
      outcome: 'answered',
      status: head.status,
      contentType: head.contentType.mime || null,
      // A compressed body's declared length is its transfer size, which is what weighs.
      bytes: Number.isSafeInteger(length) && length >= 0 ? length : null,
    };
  } catch (error) {
    return { url, ...probeFailure(error) };
  }
}

/**
 * What a failed image request says: a timeout and a refusal by our address guard (a private
 * address, a port not allowed) say nothing about the image; anything else is a failure.
 */
export function probeFailure(error: unknown): {
  outcome: 'failed' | 'timeout' | 'refused';
  detail: string;
} {
  const code = isAnalysisError(error) ? error.code : null;
  const detail = error instanceof Error ? error.message : String(error);
  if (code === 'fetch_timeout') return { outcome: 'timeout', detail };
  if (code === 'private_ip' || code === 'invalid_url') return { outcome: 'refused', detail };
  return { outcome: 'failed', detail };
}

/** The distinct http(s) image addresses, in page order. */
function distinctHttp(urls: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const raw of urls) {
    try {
      const url = new URL(raw);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      url.hash = '';
      seen.add(url.href);
    } catch {
      // Not an address: nothing to ask.
    }
  }
  return [...seen];
}

/** The images a page's probes ask about: distinct http(s) addresses, at most MAX_PROBED. */
export function imagesToProbe(imageUrls: readonly string[]): string[] {
  return distinctHttp(imageUrls).slice(0, MAX_PROBED);
}

/** Probes the images the render listed, within the bounds above. Never throws. */
export async function probeImages(
  imageUrls: readonly string[],
  options: ProbeImagesOptions,
): Promise<ImagesArtifact> {
  const started = performance.now();
  const urls = distinctHttp(imageUrls);
  const asked = urls.slice(0, MAX_PROBED);
  const probe = options.probe ?? ((url: string) => probeImage(url, options));
  const results: Array<ImageProbe | undefined> = new Array(asked.length);
  let next = 0;
  const worker = async () => {
    while (next < asked.length && performance.now() - started < PROBES_DEADLINE_MS) {
      const index = next++;
      results[index] = await probe(asked[index]!);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, PROBES_DEADLINE_MS);
  });
  await Promise.race([
    Promise.all(Array.from({ length: Math.min(PROBE_CONCURRENCY, asked.length) }, worker)),
    deadline,
  ]).finally(() => clearTimeout(timer));
  const probed = results.filter((result): result is ImageProbe => result !== undefined);
  return {
    status: 'probed',
    found: urls.length,
    unprobed: urls.length - probed.length,
    probes: probed,
    durationMs: Math.round(performance.now() - started),
  };
}
