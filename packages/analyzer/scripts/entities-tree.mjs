// The HTML entity tree of `entities` (htmlparser2's decoder), decoded at build time for the CLI's
// bundle (issue 23.1). entities 8 ships the tree packed in a string and unpacks it with its own
// decoder when the module loads: ~7 ms of every one-page run, for an array that never changes.
// The bundle gets the array's bytes in base64 instead, which Buffer decodes natively.
import { pathToFileURL } from 'node:url';

const HTML_TREE_FILE = /[\\/]entities[\\/]dist[\\/]generated[\\/]decode-data-html\.js$/;

/** Little-endian bytes of a Uint16Array, whatever the machine's order. */
function littleEndianBytes(array) {
  const bytes = Buffer.alloc(array.length * 2);
  for (let index = 0; index < array.length; index++) bytes.writeUInt16LE(array[index], index * 2);
  return bytes;
}

/**
 * An ES module exporting, under the same names, the Uint16Arrays `exports` holds, rebuilt from
 * their bytes (swapped on a big-endian machine). Throws for an export of any other kind, so an
 * entities release that changes the module's shape fails the build instead of shipping wrong.
 */
export function packedTreeModule(exports) {
  const lines = [
    "// Decoded at build time from entities' own tree (scripts/entities-tree.mjs).",
    'const bigEndian = new Uint8Array(Uint16Array.of(1).buffer)[0] === 0;',
    'function unpack(base64, length) {',
    "  const bytes = Buffer.from(base64, 'base64');",
    '  if (bigEndian) bytes.swap16();',
    '  const tree = new Uint16Array(length);',
    '  new Uint8Array(tree.buffer).set(bytes);',
    '  return tree;',
    '}',
  ];
  for (const [name, value] of Object.entries(exports)) {
    if (!(value instanceof Uint16Array)) {
      throw new Error(
        `entities' ${name} is not a Uint16Array: scripts/entities-tree.mjs needs a look`,
      );
    }
    const base64 = littleEndianBytes(value).toString('base64');
    lines.push(
      `export const ${name} = /* @__PURE__ */ unpack(${JSON.stringify(base64)}, ${value.length});`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Loads an ES module from its text, as the bundle would run it. */
export function importText(text) {
  return import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`);
}

/**
 * The esbuild plugin: entities' decode-data-html.js is replaced by the packed module made from
 * the very file esbuild resolved, and the build fails unless that module's arrays equal
 * entities' own, value for value.
 */
export const entitiesTreeAtBuild = {
  name: 'entities-tree-at-build',
  setup(build) {
    build.onLoad({ filter: HTML_TREE_FILE }, async (args) => {
      const own = await import(pathToFileURL(args.path).href);
      const contents = packedTreeModule(own);
      const packed = await importText(contents);
      for (const [name, tree] of Object.entries(own)) {
        const copy = packed[name];
        if (!(copy instanceof Uint16Array) || !sameValues(copy, tree)) {
          throw new Error(`The bundle's ${name} differs from entities' own`);
        }
      }
      return { contents, loader: 'js' };
    });
  },
};

export function sameValues(a, b) {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
