/**
 * Root causes that several findings share (issue 27): when one problem makes many checks fail —
 * a page whose content only script builds fails the word count, the heading, the title, the
 * description and the comparisons with the rendered page at once — the report names the cause
 * once, with its fix, and lists those findings under it (the ledger's "Fix these first", the PDF).
 * The analyzer decides which failed findings a cause explains (packages/analyzer/src/checks/causes.ts).
 */

export const CAUSE_IDS = ['client-side-rendering'] as const;
export type CauseId = (typeof CAUSE_IDS)[number];

export interface Cause {
  title: string;
  /** The one fix that clears every finding it explains. */
  howToFix: string;
}

export const CAUSES: Readonly<Record<CauseId, Cause>> = {
  'client-side-rendering': {
    title: 'The content is built by JavaScript',
    howToFix:
      'Render the page on the server (server-side rendering or prerendering): the text, title, description, headings and links then are in the HTML every crawler reads, which fixes each finding below at once.',
  },
};
