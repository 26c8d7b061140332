import { isAnalysisError } from '../analysis-error.ts';
import type { LlmsTxtArtifact } from '../types.ts';
import { fetchOriginFile, type OriginFileOptions, originFileUrl } from './origin-file.ts';
import { looksLikeHtml } from './sniff.ts';

/**
 * `/llms.txt` of the page's origin (llmstxt.org): a Markdown file that gives language models a
 * short map of the site. One request per origin, through the same address guard as the page
 * and robots.txt, and kept per origin like robots.txt (see origin-cache.ts). Only the start of
 * the file is read: its title and a count of its links are all the check reports. A 4xx (or
 * an HTML page, as catch-all routes answer) means there is none; 429, 5xx and network errors
 * mean it could not be told.
 */

export const LLMS_TXT_TIMEOUT_MS = 3000;
export const LLMS_TXT_MAX_BYTES = 64 * 1024;
export const LLMS_TXT_MAX_REDIRECTS = 5;

export type FetchLlmsTxtOptions = OriginFileOptions;

/** The llms.txt address of a page's origin; null when the page URL is not a URL. */
export function llmsTxtUrlOf(pageUrl: string): string | null {
  return originFileUrl(pageUrl, '/llms.txt');
}

/** Reads the llms.txt of the page's origin. Never throws. */
export async function fetchLlmsTxt(
  pageUrl: string,
  options: FetchLlmsTxtOptions,
): Promise<LlmsTxtArtifact> {
  const url = llmsTxtUrlOf(pageUrl);
  if (url === null) return { url: '', status: 'unreachable', detail: 'Invalid page URL.' };
  try {
    const raw = await fetchOriginFile(url, options, {
      accept: 'text/markdown,text/plain;q=0.9,*/*;q=0.5',
      timeoutMs: LLMS_TXT_TIMEOUT_MS,
      maxBytes: LLMS_TXT_MAX_BYTES,
      maxRedirects: LLMS_TXT_MAX_REDIRECTS,
    });
    const { status } = raw;
    if (status === 429 || status >= 500) {
      return { url, status: 'unreachable', httpStatus: status, detail: `HTTP ${status}` };
    }
    if (status < 200 || status >= 300) return { url, status: 'missing', httpStatus: status };
    return parseLlmsTxt(url, status, raw.contentType.mime, raw.body);
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

/** A Markdown link: `[name](target)`. */
const LINK = /\[[^\]\n]*\]\([^)\s]+[^)\n]*\)/g;

/** Reads a 2xx answer: an HTML page is no llms.txt; otherwise its H1 title and its links. */
export function parseLlmsTxt(
  url: string,
  httpStatus: number,
  contentType: string,
  body: Buffer,
): LlmsTxtArtifact {
  const base = { url, httpStatus, contentType, bytes: body.length };
  if (contentType === 'text/html' || looksLikeHtml(body)) {
    return { ...base, status: 'missing', html: true };
  }
  const text = new TextDecoder('utf-8').decode(body);
  const firstLine = text.split(/\r\n|\r|\n/).find((line) => line.trim() !== '') ?? '';
  const heading = /^#[ \t]+(.+?)[ \t#]*$/.exec(firstLine.trim());
  return {
    ...base,
    status: 'found',
    title: heading ? heading[1]!.slice(0, 200) : null,
    links: text.match(LINK)?.length ?? 0,
  };
}
