import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

/**
 * The fallback face shown while Inter loads ("Inter Fallback" in app/app.css), sized so that the
 * swap to Inter moves no line: the overrides scale a common sans-serif (Arial, or the faces with
 * Arial's widths) to Inter's average glyph width, and give it Inter's ascent and descent.
 *
 * Inter's vertical metrics are read from the shipped font file (so an upgrade of the font
 * package that changes them fails the test next to this file). Average widths are those of the
 * lowercase alphabet and space weighted by English letter frequency, as Capsize measures them
 * (@capsizecss/metrics 4.3.0): Inter 978, Arial 913 (Helvetica 913, Roboto 911 — within 0.3 %,
 * so one fallback face serves Windows, macOS, Linux and Android), all per 2048 units.
 */
export const INTER_AVERAGE_WIDTH = 978 / 2048;
export const ARIAL_AVERAGE_WIDTH = 913 / 2048;

export interface VerticalMetrics {
  unitsPerEm: number;
  ascender: number;
  descender: number;
  lineGap: number;
}

/** The CSS overrides of the fallback face, as percentages with two decimals. */
export function fallbackOverrides(inter: VerticalMetrics) {
  const sizeAdjust = INTER_AVERAGE_WIDTH / ARIAL_AVERAGE_WIDTH;
  const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(inter.ascender / inter.unitsPerEm / sizeAdjust),
    descentOverride: percent(Math.abs(inter.descender) / inter.unitsPerEm / sizeAdjust),
    lineGapOverride: percent(inter.lineGap / inter.unitsPerEm / sizeAdjust),
  };
}

/** The Latin file of the variable Inter the site ships (the one nearly every page uses). */
export function interFontFile(): string {
  const require = createRequire(import.meta.url);
  const css = require.resolve('@fontsource-variable/inter/index.css');
  return css.replace(/index\.css$/, 'files/inter-latin-wght-normal.woff2');
}

/** The tags a WOFF2 table directory names by index (the WOFF2 specification's list). */
// biome-ignore format: one row of the specification's table per line
const WOFF2_KNOWN_TAGS = [
  'cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post', 'cvt ', 'fpgm', 'glyf', 'loca',
  'prep', 'CFF ', 'VORG', 'EBDT', 'EBLC', 'gasp', 'hdmx', 'kern', 'LTSH', 'PCLT', 'VDMX', 'vhea',
  'vmtx', 'BASE', 'GDEF', 'GPOS', 'GSUB', 'EBSC', 'JSTF', 'MATH', 'CBDT', 'CBLC', 'COLR', 'CPAL',
  'SVG ', 'sbix', 'acnt', 'avar', 'bdat', 'bloc', 'bsln', 'cvar', 'fdsc', 'feat', 'fmtx', 'fvar',
  'gvar', 'hsty', 'just', 'lcar', 'mort', 'morx', 'opbd', 'prop', 'trak', 'Zapf', 'Silf', 'Glat',
  'Gloc', 'Feat', 'Sill',
];

/**
 * `head` and `hhea` of a WOFF2 font: the table directory, then the one brotli stream that holds
 * the tables one after another (neither table is ever transformed).
 */
export function woff2VerticalMetrics(file: string): VerticalMetrics {
  const font = fs.readFileSync(file);
  if (font.toString('latin1', 0, 4) !== 'wOF2') throw new Error(`${file} is not a WOFF2 font`);
  const numTables = font.readUInt16BE(12);
  const tags = WOFF2_KNOWN_TAGS;
  let offset = 48;
  const readBase128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i += 1) {
      const byte = font.readUInt8(offset++);
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error('bad UIntBase128');
  };
  const tables: Array<{ tag: string; length: number }> = [];
  for (let i = 0; i < numTables; i += 1) {
    const flags = font.readUInt8(offset++);
    let tag = tags[flags & 0x3f] ?? '';
    if ((flags & 0x3f) === 63) {
      tag = font.toString('latin1', offset, offset + 4);
      offset += 4;
    }
    const version = (flags >> 6) & 0x03;
    const origLength = readBase128();
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    tables.push({ tag, length: transformed ? readBase128() : origLength });
  }
  const totalCompressed = font.readUInt32BE(20);
  const data = zlib.brotliDecompressSync(font.subarray(offset, offset + totalCompressed));
  const start = (tag: string) => {
    let position = 0;
    for (const table of tables) {
      if (table.tag === tag) return position;
      position += table.length;
    }
    throw new Error(`${file} has no ${tag} table`);
  };
  const head = start('head');
  const hhea = start('hhea');
  return {
    unitsPerEm: data.readUInt16BE(head + 18),
    ascender: data.readInt16BE(hhea + 4),
    descender: data.readInt16BE(hhea + 6),
    lineGap: data.readInt16BE(hhea + 8),
  };
}

/** `npx tsx apps/web/scripts/fallback-font.ts` prints the @font-face lines for app.css. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const o = fallbackOverrides(woff2VerticalMetrics(interFontFile()));
  console.log(
    `size-adjust: ${o.sizeAdjust};\nascent-override: ${o.ascentOverride};\ndescent-override: ${o.descentOverride};\nline-gap-override: ${o.lineGapOverride};`,
  );
}
