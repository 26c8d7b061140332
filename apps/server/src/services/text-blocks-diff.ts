/**
 * Two pages' main-text blocks side by side (the audit's near-duplicate diff): each block is
 * marked shared when the other page has the same block — compared with case and whitespace
 * ignored, each block of the other side matching at most once (a paragraph repeated twice here
 * and once there is shared once). Pure; order is kept.
 */

export interface MarkedBlock {
  text: string;
  shared: boolean;
}

const comparable = (block: string) => block.replace(/\s+/g, ' ').trim().toLowerCase();

function mark(blocks: readonly string[], other: readonly string[]): MarkedBlock[] {
  const available = new Map<string, number>();
  for (const block of other) {
    const key = comparable(block);
    available.set(key, (available.get(key) ?? 0) + 1);
  }
  return blocks.map((text) => {
    const key = comparable(text);
    const left = available.get(key) ?? 0;
    if (left > 0) available.set(key, left - 1);
    return { text, shared: left > 0 };
  });
}

export function diffTextBlocks(
  a: readonly string[],
  b: readonly string[],
): { a: MarkedBlock[]; b: MarkedBlock[] } {
  return { a: mark(a, b), b: mark(b, a) };
}
