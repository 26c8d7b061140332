/**
 * oidc-provider 8 ships no types; the test peer (oidc-peer.ts) uses its constructor, its request
 * callback and three interaction helpers, typed there where they are used.
 */
declare module 'oidc-provider' {
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (
      request: import('node:http').IncomingMessage,
      response: import('node:http').ServerResponse,
    ) => void;
  }
}
