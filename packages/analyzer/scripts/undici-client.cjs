// The parts of undici the engine uses (gather/pinned-client.ts: Pool, buildConnector and the
// request API on dispatchers), for the CLI's bundle: undici's index loads all of it (fetch,
// WebSocket, caches, mocks), JavaScript that a one-page run parsed for nothing (issue 23).
// build-cli.mjs resolves `undici` to this file. It does what undici's index does for these.
const Pool = require('undici/lib/dispatcher/pool.js');
const Dispatcher = require('undici/lib/dispatcher/dispatcher.js');
const buildConnector = require('undici/lib/core/connect.js');
const api = require('undici/lib/api/index.js');

Object.assign(Dispatcher.prototype, api);

module.exports = { Pool, buildConnector };
