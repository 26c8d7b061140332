import { decodeHTML, htmlDecodeTree } from 'entities/decode';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { entitiesTreeAtBuild, importText, packedTreeModule, sameValues } from './entities-tree.mjs';

const SAMPLE =
  'a &amp; b &lt;&gt; &eacute;&Eacute; &notin; &CounterClockwiseContourIntegral; &NotNestedGreaterGreater; ' +
  '&amp &copy2 &#x1F600; &#128512; &nbsp;&unknown; &fjlig; &zwnj;';

describe("the CLI bundle's entity tree", () => {
  it("is entities' own, value for value", async () => {
    const packed = await importText(packedTreeModule({ htmlDecodeTree }));
    expect(packed.htmlDecodeTree).toBeInstanceOf(Uint16Array);
    expect(packed.htmlDecodeTree.length).toBe(htmlDecodeTree.length);
    expect(sameValues(packed.htmlDecodeTree, htmlDecodeTree)).toBe(true);
  });

  it('decodes through a bundle built with the plugin as entities itself does', async () => {
    const result = await build({
      stdin: {
        contents: "export { decodeHTML } from 'entities/decode';",
        resolveDir: import.meta.dirname,
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      write: false,
      plugins: [entitiesTreeAtBuild],
    });
    const bundled = result.outputFiles[0].text;
    // The packed string and its decoder are gone; the arrays come from base64.
    expect(bundled).not.toContain('decodeTrieDict');
    expect(bundled).toMatch(/Buffer\.from\(base64, ["']base64["']\)/);
    const { decodeHTML: bundledDecode } = await importText(bundled);
    expect(bundledDecode(SAMPLE)).toBe(decodeHTML(SAMPLE));
    expect(bundledDecode(SAMPLE)).toContain('∳');
  });

  it('refuses an export it does not know how to pack', () => {
    expect(() => packedTreeModule({ htmlDecodeTree, other: [1, 2] })).toThrow(/other/);
  });
});
