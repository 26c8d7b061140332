import { open } from 'node:fs/promises';

/**
 * The `--urls FILE` list: one address per line. Blank lines and lines starting with `#` are
 * skipped, so a list can carry comments. Addresses are not validated here: each is validated when
 * its page is analysed, so a bad line becomes that page's error in the summary, not a failed run.
 */

/** Largest list read (bytes): 5 MB is ~50,000 addresses, far past any --max-pages. */
export const MAX_URL_LIST_BYTES = 5 * 1024 * 1024;

export function parseUrlList(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

export class UrlListError extends Error {
  override readonly name = 'UrlListError';
}

/** Reads a list file ('-' is stdin). Throws UrlListError when it cannot be read or is too big. */
export async function readUrlList(
  file: string,
  options: { maxBytes?: number; stdin?: NodeJS.ReadableStream } = {},
): Promise<string[]> {
  const maxBytes = options.maxBytes ?? MAX_URL_LIST_BYTES;
  if (file === '-') {
    return parseUrlList(await readLimited(options.stdin ?? process.stdin, maxBytes, 'stdin'));
  }
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw new UrlListError(`Cannot read the URL list ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    // Read through the handle rather than stat-then-read, so a growing file or a FIFO is bounded too.
    return parseUrlList(await readLimited(handle.createReadStream(), maxBytes, file));
  } finally {
    await handle.close().catch(() => {});
  }
}

async function readLimited(
  stream: NodeJS.ReadableStream,
  maxBytes: number,
  name: string,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += bytes.length;
      if (size > maxBytes) {
        throw new UrlListError(
          `The URL list ${name} is larger than ${maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${maxBytes} bytes`}.`,
        );
      }
      chunks.push(bytes);
    }
  } catch (error) {
    if (error instanceof UrlListError) throw error;
    throw new UrlListError(`Cannot read the URL list ${name}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}
