import { describe, expect, it } from 'vitest';
import { analyzeArtifacts } from '../analyze-artifacts.ts';
import { createPageContext, deriveServedPage } from './page-context.ts';
import { makeArtifacts } from './test-artifacts.ts';

const HTML = `<!doctype html><html lang="en"><head><title>Oak tables made by hand in Leeds</title>
<meta name="description" content="Tables and chairs of oak, made to order."></head>
<body><h1>Oak tables</h1><p>Every table is made by hand &amp; to order.</p>
<script>document.write('not text')</script><a href="/chairs">Chairs</a></body></html>`;

describe('the served page derived ahead of the analysis (deriveServedPage)', () => {
  it('is what the page context would derive itself, and is used as it is', () => {
    const artifacts = makeArtifacts({ html: HTML });
    const served = deriveServedPage(HTML);
    const lazy = createPageContext(artifacts);
    expect(served.document).toStrictEqual(lazy.document);
    const { excerpt, ...text } = served.serverText;
    const { excerpt: lazyExcerpt, ...lazyText } = lazy.serverText;
    expect(text).toStrictEqual(lazyText);
    expect(excerpt(40)).toBe(lazyExcerpt(40));
    const given = createPageContext(artifacts, served);
    expect(given.document).toBe(served.document);
    expect(given.serverText).toBe(served.serverText);
  });

  it('gives the same report as an analysis that parses the page itself', () => {
    const artifacts = makeArtifacts({ html: HTML });
    expect(analyzeArtifacts(artifacts, deriveServedPage(HTML))).toStrictEqual(
      analyzeArtifacts(artifacts),
    );
  });
});
