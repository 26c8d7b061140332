import type { Rng } from '../corpus/prng.ts';
import { paragraph, sentence, slug, title } from '../corpus/text.ts';

/**
 * Names that must not collide by accident: page titles and descriptions (a collision would be
 * an unplanned duplicate-titles finding) and paths (two pages on one address). Planted
 * duplicates are made by copying a value that was handed out here, never by drawing twice.
 */
export class Names {
  private readonly titles = new Set<string>();
  private readonly descriptions = new Set<string>();
  private readonly paths = new Set<string>();

  constructor(private readonly rng: Rng) {}

  /** A heading of random title words that no other page's heading or title uses. */
  heading(words?: number): string {
    for (;;) {
      const text = title(this.rng, words ?? this.rng.int(3, 7));
      if (this.claimTitle(text)) return text;
    }
  }

  /** Reserves a title (compared as a reader would: case and spacing do not count). */
  claimTitle(text: string): boolean {
    const key = comparable(text);
    if (this.titles.has(key)) return false;
    this.titles.add(key);
    return true;
  }

  /** A one-sentence description no other page has. */
  description(prefix = ''): string {
    for (;;) {
      const text = `${prefix}${sentence(this.rng)}`;
      const key = comparable(text);
      if (this.descriptions.has(key)) continue;
      this.descriptions.add(key);
      return text;
    }
  }

  /** `${parent}/${slug of text}`, with a number added when that path is taken. */
  path(parent: string, text: string): string {
    const base = `${parent === '/' ? '' : parent}/${slug(text) || 'page'}`;
    let candidate = base;
    for (let n = 2; this.paths.has(candidate); n++) candidate = `${base}-${n}`;
    this.paths.add(candidate);
    return candidate;
  }

  /** Reserves a fixed path; planning the same address twice is a bug in the generator. */
  claimPath(path: string): string {
    if (this.paths.has(path)) throw new Error(`site generator: ${path} planned twice`);
    this.paths.add(path);
    return path;
  }

  /** Paragraphs of random prose adding up to at least `words` words. */
  prose(words: number): string[] {
    const out: string[] = [];
    let count = 0;
    while (count < words) {
      const text = paragraph(this.rng);
      out.push(text);
      count += text.split(' ').length;
    }
    return out;
  }
}

export function comparable(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}
