// A lazy node:assert for undici in the CLI's bundle (scripts/build-cli.mjs).
/**
 * undici's client calls `assert(condition)` (node:assert) on its internal invariants, and
 * requires node:assert at load for it: 2-4 ms of a one-page run (issue 23.1) for a module that
 * only a broken invariant needs. It gets an assert that loads node:assert when one fails, then
 * throws node:assert's AssertionError (its generated message names this function's call).
 */
export const undiciAssertOnFailure = {
  name: 'undici-assert-on-failure',
  setup(build) {
    build.onResolve({ filter: /^node:assert$/ }, (args) =>
      /undici[\\/]lib[\\/]/.test(args.importer)
        ? { path: 'node:assert', namespace: 'undici-assert-on-failure' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'undici-assert-on-failure' }, () => ({
      contents: `let assert;
module.exports = function assertOnFailure(...args) {
  if (!args[0]) (assert ??= require('node:assert'))(...args);
};`,
      loader: 'js',
    }));
  },
};
