import { CHECK_CATALOGUE } from '../score/score-config.ts';
import { answerStructure } from './answer-structure.ts';
import { authorship } from './authorship.ts';
import { botAccess } from './bot-access.ts';
import { brokenImages } from './broken-images.ts';
import { canonical } from './canonical.ts';
import { charset } from './charset.ts';
import type { Check } from './check.ts';
import { contentLanguage } from './content-language.ts';
import { crawlableAnchors } from './crawlable-anchors.ts';
import { duplicateMetadata } from './duplicate-metadata.ts';
import { favicon } from './favicon.ts';
import { headings } from './headings.ts';
import { hreflang } from './hreflang.ts';
import { htmlCompression } from './html-compression.ts';
import { httpStatus } from './http-status.ts';
import { https } from './https.ts';
import { httpsRedirect } from './https-redirect.ts';
import { imageAlt } from './image-alt.ts';
import { imageDimensions } from './image-dimensions.ts';
import { imageLazyLcp } from './image-lazy-lcp.ts';
import { imageWeight } from './image-weight.ts';
import { jsRendering } from './js-rendering.ts';
import { lang } from './lang.ts';
import { layoutShift } from './layout-shift.ts';
import { linkText } from './link-text.ts';
import { llmsTxt } from './llms-txt.ts';
import { metaDescription } from './meta-description.ts';
import { metaRefresh } from './meta-refresh.ts';
import { mixedContent } from './mixed-content.ts';
import { ogImage } from './og-image.ts';
import { openGraph } from './open-graph.ts';
import { pageWeight } from './page-weight.ts';
import { redirects } from './redirects.ts';
import { renderedCanonical } from './rendered-canonical.ts';
import { renderedH1 } from './rendered-h1.ts';
import { renderedHreflang } from './rendered-hreflang.ts';
import { renderedLinks } from './rendered-links.ts';
import { renderedMetaDescription } from './rendered-meta-description.ts';
import { renderedRobots } from './rendered-robots.ts';
import { renderedStructuredData } from './rendered-structured-data.ts';
import { renderedTitle } from './rendered-title.ts';
import { responseTime } from './response-time.ts';
import { richResults } from './rich-results.ts';
import { robotsMeta } from './robots-meta.ts';
import { robotsTxt } from './robots-txt.ts';
import { sitemapListing } from './sitemap-listing.ts';
import { snippetDirectives } from './snippet-directives.ts';
import { soft404 } from './soft-404.ts';
import { structuredData } from './structured-data.ts';
import { title } from './title.ts';
import { twitterCard } from './twitter-card.ts';
import { viewport } from './viewport.ts';
import { wordCount } from './word-count.ts';

/**
 * Every check implementation, in any order: the catalogue (score/score-config.ts) says which run,
 * in which order and category, and for how many points. Adding a check means adding it here and
 * to the catalogue (a test fails otherwise).
 */
export const CHECKS: readonly Check[] = [
  httpStatus,
  redirects,
  https,
  robotsMeta,
  robotsTxt,
  canonical,
  jsRendering,
  responseTime,
  pageWeight,
  title,
  metaDescription,
  duplicateMetadata,
  viewport,
  lang,
  hreflang,
  openGraph,
  twitterCard,
  structuredData,
  wordCount,
  headings,
  imageAlt,
  linkText,
  crawlableAnchors,
  // Issue 9: what each crawler sees (render diff) and AI-search and bot access.
  botAccess,
  snippetDirectives,
  llmsTxt,
  renderedTitle,
  renderedMetaDescription,
  renderedCanonical,
  renderedRobots,
  renderedH1,
  renderedHreflang,
  renderedStructuredData,
  richResults,
  renderedLinks,
  // Issue 26: what peers check that we did not.
  imageDimensions,
  imageLazyLcp,
  htmlCompression,
  mixedContent,
  answerStructure,
  authorship,
  metaRefresh,
  charset,
  // Issue 26, per-origin probes.
  favicon,
  httpsRedirect,
  sitemapListing,
  soft404,
  // Issue 26, from the render and per-page requests (score model 5).
  layoutShift,
  imageWeight,
  brokenImages,
  ogImage,
  contentLanguage,
];

const CHECKS_BY_ID = new Map(CHECKS.map((check) => [check.meta.id, check]));

/** The checks of the catalogue, in catalogue order: the order findings are produced in. */
export const ALL_CHECKS: readonly Check[] = CHECK_CATALOGUE.map(({ check: id }) => {
  const check = CHECKS_BY_ID.get(id);
  if (!check) throw new Error(`The catalogue lists "${id}", but no check implements it`);
  return check;
});
