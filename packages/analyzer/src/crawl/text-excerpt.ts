import { MAX_TEXT_BLOCK_CHARS, MAX_TEXT_EXCERPT_BYTES } from '@crawlwise/shared/limits';
// Type only: site-findings.ts holds zod schemas, which a page's analysis must not load.
import type { TextExcerpt } from '@crawlwise/shared/site-findings';

/**
 * The bounded excerpt of a page's main-text blocks stored for a crawled page (the audit's
 * near-duplicate diff reads it): blocks in order while they fit MAX_TEXT_EXCERPT_BYTES of UTF-8,
 * each cut at MAX_TEXT_BLOCK_CHARS. Pure.
 */
export function textExcerptOf(
  blocks: readonly string[],
  maxBytes = MAX_TEXT_EXCERPT_BYTES,
): TextExcerpt {
  const kept: string[] = [];
  let bytes = 0;
  let cut = false;
  for (const block of blocks) {
    const text =
      block.length > MAX_TEXT_BLOCK_CHARS ? `${block.slice(0, MAX_TEXT_BLOCK_CHARS - 1)}…` : block;
    const size = Buffer.byteLength(text, 'utf8');
    if (bytes + size > maxBytes) return { blocks: kept, truncated: true };
    kept.push(text);
    bytes += size;
    cut ||= text !== block;
  }
  return { blocks: kept, truncated: cut };
}
