import type { ExpectedSite } from '../site-generator/manifest.ts';

/** What the site child (site-child.ts) and the benchmark say to each other over IPC. */

export type SiteParentMessage =
  | { type: 'verification-token'; token: string }
  | { type: 'requests' }
  | { type: 'reset' };

export type SiteChildMessage =
  | {
      type: 'ready';
      /** The start address (served origin with a trailing slash). */
      url: string;
      /** HTML pages answering 200 (fewer than asked when the cap made the site smaller). */
      pages: number;
      seed: string;
      generateMs: number;
      bodyBytes: number;
      expected: ExpectedSite;
    }
  | { type: 'verification-ready' }
  | { type: 'requests'; requests: Record<string, number> }
  | { type: 'reset-done' };
