import type { Check, CheckOutcome } from './check.ts';

/**
 * `page-weight` (performance): the decoded size of the HTML document. Above 1 MB it warns: such
 * documents are slow to download and parse, and usually carry inlined data or images that belong
 * in separate files. Compression (`content-encoding`) and the bytes on the wire are reported in
 * the details and the message but do not change the verdict. 1 MB is 1024 × 1024 bytes, the same
 * convention as the 5 MB page-size limit.
 */

export const HEAVY_HTML_BYTES = 1024 * 1024;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const pageWeight: Check = {
  meta: {
    id: 'page-weight',
    title: 'HTML size',
    why: 'A heavy HTML document is slow to download and parse on phones. Move inlined data, images and styles into separate cached files, and serve the HTML compressed.',
    howToFix:
      'Move inlined data, images and styles into separate cached files, and serve the HTML compressed (gzip or brotli).',
  },
  run(page): CheckOutcome {
    const { rawBytes, decodedBytes, contentEncoding } = page.artifacts.fetch;
    const details = { decodedBytes, rawBytes, contentEncoding };
    const size = formatBytes(decodedBytes);
    const transfer = contentEncoding
      ? `${contentEncoding}-compressed to ${formatBytes(rawBytes)}`
      : 'not compressed';

    if (decodedBytes > HEAVY_HTML_BYTES) {
      return {
        severity: 'warning',
        message: `The HTML is heavy (${size}, ${transfer})`,
        why: `The HTML document alone is ${size}, more than 1 MB, which is slow to download and parse on phones. Move inlined data, images and styles into separate cached files${contentEncoding ? '' : ', and enable gzip or Brotli compression on the server'}.`,
        details,
      };
    }
    return { severity: 'success', message: `The HTML is ${size} (${transfer})`, details };
  },
};
