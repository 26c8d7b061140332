import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fallbackOverrides, interFontFile, woff2VerticalMetrics } from './fallback-font.ts';

const APP_CSS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../app/app.css');

describe('the fallback face for Inter', () => {
  it('reads Inter’s vertical metrics from the shipped font file', () => {
    expect(woff2VerticalMetrics(interFontFile())).toEqual({
      unitsPerEm: 2048,
      ascender: 1984,
      descender: -494,
      lineGap: 0,
    });
  });

  it('is declared in app.css with the overrides those metrics give', () => {
    const css = fs.readFileSync(APP_CSS, 'utf8');
    const face = /@font-face\s*{[^}]*font-family:\s*"Inter Fallback"[^}]*}/.exec(css)?.[0] ?? '';
    const o = fallbackOverrides(woff2VerticalMetrics(interFontFile()));
    expect(face).toContain(`size-adjust: ${o.sizeAdjust};`);
    expect(face).toContain(`ascent-override: ${o.ascentOverride};`);
    expect(face).toContain(`descent-override: ${o.descentOverride};`);
    expect(face).toContain(`line-gap-override: ${o.lineGapOverride};`);
    // …and it comes right after Inter in the font stack.
    expect(css).toMatch(/--font-sans:\s*"Inter Variable", "Inter Fallback",/);
  });
});
