import { metaValues } from '../page/metadata.ts';
import type { Check, CheckOutcome } from './check.ts';
import { firstText, withFix } from './fix-snippets.ts';
import { documentTitle, plural, truncate } from './markup-helpers.ts';

/**
 * `llms-txt` (crawlability): whether the site has an `/llms.txt` (llmstxt.org), the Markdown map
 * some AI tools read to find a site's important pages. It is optional and no search engine uses
 * it, so having none is a success; the finding says what it is for. One that exists but does not
 * start with the `# Title` the format requires is a warning (tools that parse it find no name).
 * An address that answers with an HTML page (a catch-all route) counts as none. When the file
 * could not be fetched the check says so and costs nothing.
 */

export const llmsTxt: Check = {
  meta: {
    id: 'llms-txt',
    title: 'llms.txt',
    why: 'llms.txt is a proposed Markdown file at the root of a site that gives AI tools a short description of the site and links to its key pages. It is optional: search engines do not read it, and a site without one loses nothing in search.',
    howToFix:
      "Start /llms.txt with a '# ' title line naming the site, then a short summary and links to the key pages, in Markdown.",
    fixSnippet:
      'the first lines of llms.txt: "# " and the site name (og:site_name, else the page title, else the host name), then the meta description as a "> " summary line.',
  },
  run(page): CheckOutcome {
    const file = page.artifacts.llmsTxt;
    if (file === undefined || file.status === 'unreachable') {
      const reason = file?.detail
        ? `llms.txt could not be fetched (${file.detail})`
        : 'llms.txt was not fetched';
      return {
        severity: 'success',
        outcome: 'skipped',
        message: 'llms.txt not checked',
        why: `${reason}, so whether the site has one is unknown. It is optional either way.`,
        details: { url: file?.url ?? null, exists: null, reason },
      };
    }
    const details = {
      url: file.url,
      exists: file.status === 'found',
      httpStatus: file.httpStatus ?? null,
      ...(file.status === 'found' ? { title: file.title ?? null, links: file.links ?? 0 } : {}),
    };
    if (file.status === 'missing') {
      return {
        severity: 'success',
        message: file.html
          ? 'No llms.txt (the address answers with an HTML page)'
          : 'No llms.txt (optional)',
        why: `${file.url} ${file.html ? 'answers with an HTML page, as a catch-all route does, not with a text file' : `answered HTTP ${file.httpStatus ?? 'without a file'}`}. llms.txt is optional: add one if you want AI tools to find a short map of the site (a # title, a one-line summary and links to key pages).`,
        details: { ...details, html: file.html === true },
      };
    }
    if (!file.title) {
      // The site's own name and summary, as its page states them.
      const name = firstText(
        metaValues(page.document, 'og:site_name')[0],
        documentTitle(page.document),
        page.url.hostname,
      )!;
      const summary = firstText(
        metaValues(page.document, 'description')[0],
        metaValues(page.document, 'og:description')[0],
      );
      const fixSnippet = `# ${name.replace(/\s+/g, ' ')}${summary ? `\n\n> ${summary}` : ''}`;
      return withFix(
        {
          severity: 'warning',
          message: 'llms.txt does not start with a # title',
          why: `${file.url} exists, but its first line is not a Markdown H1 (# Site name), the one part the llms.txt format requires, so tools that read it find no name for the site. Start the file with "# " and the site's name.`,
          details,
        },
        {
          howToFix: `Put these lines at the top of ${file.url} (from the page's site name${summary ? ' and description' : ''}; adjust them to the whole site):\n${fixSnippet}`,
          fixSnippet,
        },
      );
    }
    return {
      severity: 'success',
      message: `llms.txt found: "${truncate(file.title, 60)}" with ${plural(file.links ?? 0, 'link')}`,
      why: `${file.url} gives AI tools a map of the site. Keep it in step with the site's key pages.`,
      details,
    };
  },
};
