/**
 * Where a prerendered page's islands script goes. The page is rendered before the islands are
 * built, so root.tsx writes this address and the build (scripts/islands-scripts.ts) replaces it
 * with the hashed entry and the preloads of the chunks the page needs.
 */
export const ISLANDS_SCRIPT_PLACEHOLDER = '/assets/__islands-entry__.js';
