import type { Document } from '../page/dom.ts';
import type { PageContext } from '../page/page-context.ts';
import type { CheckOf, OutcomeOf } from './check.ts';
import { attributeText, withFix } from './fix-snippets.ts';
import { listPhrase } from './markup-helpers.ts';
import { bothSides, listDiff, notRendered } from './render-diff.ts';
import { directivesFix, robotsDirectiveSources } from './robots-meta.ts';

/**
 * `rendered-robots` (crawlability): does script change the robots directives Google reads
 * (robots and googlebot meta tags in the head; the X-Robots-Tag header counts on both sides)?
 * A noindex that script adds is critical: Google honours it and drops the page, while crawlers
 * that do not run script index it. A noindex that script removes is critical too, and never
 * works: Google does not render a page whose HTML says noindex (Google Search Central,
 * "JavaScript SEO basics"), so the page stays out. Any other directive script changes
 * (nofollow, snippet limits) is a warning naming both sets.
 */

const NOINDEX = ['noindex', 'none'];

function directivesOf(doc: Document, page: PageContext): string[] {
  const sources = robotsDirectiveSources(doc, page.artifacts.fetch.headers, null);
  return [...new Set(sources.flatMap((source) => source.directives))];
}

const says = (directives: readonly string[]) => directives.some((d) => NOINDEX.includes(d));
const quoted = (directives: readonly string[]) =>
  directives.length === 0 ? 'none' : `"${directives.join(', ')}"`;

export const renderedRobots: CheckOf<'rendered-robots'> = {
  meta: {
    id: 'rendered-robots',
    title: 'Robots directives with and without JavaScript',
    why: 'Robots directives (noindex, nofollow, snippet limits) must be in the server HTML and stay as they are: Google reads them after script runs, other crawlers before, and a noindex in the HTML stops Google before any script runs.',
    howToFix:
      'Decide indexing in the server HTML: keep scripts from adding or removing noindex (Google does not run the script of a page whose HTML says noindex).',
    fixSnippet:
      'when script removes noindex, the server robots tag or X-Robots-Tag line rewritten without it; when script changes other directives, the robots tags after script, to serve in the HTML.',
  },
  run(page): OutcomeOf<'rendered-robots'> {
    const sides = bothSides(page, directivesOf);
    if (sides === null) return notRendered(page, 'Robots directives')!;
    const diff = listDiff(sides.server, sides.rendered);
    const details = {
      ...diff.details,
      noindexServer: says(sides.server),
      noindexRendered: says(sides.rendered),
    };
    if (diff.same) {
      return {
        severity: 'success',
        message: 'Script does not change the robots directives',
        details,
      };
    }
    const headers = page.artifacts.fetch.headers;
    const withNoindex = (renderedDoc: Document | null) =>
      robotsDirectiveSources(page.document, headers, renderedDoc).filter(
        (source) =>
          says(source.directives) &&
          (renderedDoc === null || source.source.endsWith('added by JavaScript')),
      );
    if (!details.noindexServer && details.noindexRendered) {
      return withFix(
        {
          severity: 'critical',
          message: 'JavaScript adds noindex to the page',
          why: `The server HTML allows indexing (directives: ${quoted(sides.server)}), but script adds ${listPhrase(diff.added)}. Google renders the page and drops it from its index, while crawlers that do not run script index it. Remove the script that adds it, or put noindex in the HTML if the page should stay out.`,
          details,
        },
        directivesFix(withNoindex(page.renderedDocument), NOINDEX),
      );
    }
    if (details.noindexServer && !details.noindexRendered) {
      return withFix(
        {
          severity: 'critical',
          message: 'JavaScript removes noindex, too late for Google',
          why: `The server HTML says ${quoted(sides.server)}; script removes the noindex. Google does not run the script of a page whose HTML says noindex, so the page stays out of its index. If it should be indexed, remove noindex from the HTML.`,
          details,
        },
        directivesFix(withNoindex(null), NOINDEX),
      );
    }
    const renderedTags = robotsDirectiveSources(page.renderedDocument!, {}, null).map(
      (source) =>
        `<meta name="${/name="([^"]+)"/.exec(source.source)?.[1] ?? 'robots'}" content="${attributeText(source.value)}">`,
    );
    const fixSnippet = renderedTags.join('\n');
    return withFix(
      {
        severity: 'warning',
        message: 'JavaScript changes the robots directives',
        why: `The server HTML says ${quoted(sides.server)}, the page after script ${quoted(sides.rendered)}. Google follows the second, other crawlers the first. Serve the final directives in the HTML.`,
        details,
      },
      renderedTags.length === 0
        ? {
            howToFix:
              'Remove the robots meta tags from the server HTML if the page should have none, as after script, and stop script from changing them.',
          }
        : {
            howToFix: `Serve ${renderedTags.join(' and ')} in the server HTML in place of the current robots tags, and stop script from changing them.`,
            fixSnippet,
          },
    );
  },
};
