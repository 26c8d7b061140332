import type { FeatureSlug } from '@crawlwise/shared/routes';

export interface FeatureDetail {
  slug: FeatureSlug;
  title: string;
  /** One line for the feature card and the page description. */
  summary: string;
  problem: string[];
  solution: string[];
  results: string[];
  edgeCases: string[];
}

/**
 * What each part of the analysis does, in plain words. It describes the analyzer's real checks
 * (see the check catalogue): if a check changes, change its text here.
 */
export const FEATURE_DETAILS: Record<FeatureSlug, FeatureDetail> = {
  analyzer: {
    slug: 'analyzer',
    title: 'SEO Analyzer',
    summary:
      'One pass over your page the way a search crawler sees it: status, speed, metadata, content, links and a 0-100 score.',
    problem: [
      'Most SEO tools bury you in hundreds of findings, many of them irrelevant to the page you actually care about.',
      'Meanwhile the things that really stop a page from ranking (a stray noindex, a blocked robots.txt rule, an empty server response) are easy to miss.',
    ],
    solution: [
      'We fetch the page HTML from our server the way a crawler does, follow redirects, and record the status code and response time.',
      'We read robots.txt and robots meta tags, then run checks for crawlability, performance, metadata, social tags, content and links.',
      'Every check produces a finding with a severity (critical, warning or pass), a short title and a plain-language explanation of why it matters and how to fix it.',
    ],
    results: [
      'A score from 0 to 100 with the categories that cost you points.',
      'Your top 3 fixes, ranked by impact, free and without an account.',
      'A basic site summary: can Google find it, site speed, content basics and the number of issues.',
    ],
    edgeCases: [
      'Sites behind bot protection or a login may block our crawler; we report the status we got (for example 403 Access Denied) instead of guessing.',
      'A free check analyzes one page. Signed in, a site check covers up to 200 pages from your sitemap or a list.',
      'Healthy real-world pages typically score 75-90: a perfect 100 is rare and not required to rank.',
    ],
  },
  'js-render-detection': {
    slug: 'js-render-detection',
    title: 'JavaScript Rendering Detection',
    summary:
      'Finds content that only appears after client-side script runs, which crawlers may index late or not at all.',
    problem: [
      'Single-page apps often send an almost empty HTML shell and build the page in the browser.',
      'Search engines can render script, but rendering is deferred and fragile. If your headline, copy or links only exist after script, they may be indexed late or missed.',
    ],
    solution: [
      'We compare the visible word count of the raw server HTML with the word count of the same page rendered in a headless browser.',
      'When the server HTML holds less than half of the rendered words and at least 50 words are missing, we flag the page as critical and show a sample of the text that only exists after script.',
    ],
    results: [
      'Both word counts side by side: server HTML versus rendered page.',
      'A sample of the content missing from the server HTML, so you know which parts to prerender or render on the server.',
    ],
    edgeCases: [
      'If no browser is available for rendering, the check is skipped and says so rather than guessing.',
      'Content that is intentionally loaded later (comments, chat widgets) can widen the gap without being a problem.',
      'Static and server-rendered sites pass this check naturally.',
    ],
  },
  'title-meta-audit': {
    slug: 'title-meta-audit',
    title: 'Title & Meta Description Audit',
    summary:
      'Checks that the title is 20-60 characters and the description 70-160, that both exist once, and that they are not duplicates.',
    problem: [
      'The title and meta description are what searchers see in the results. Missing, truncated or duplicated ones cost clicks even when you rank.',
      'Lengths are easy to get wrong by eye: HTML entities like &amp;amp; and stray whitespace change what is actually shown.',
    ],
    solution: [
      'We decode HTML entities and collapse whitespace before measuring, so we count the characters a searcher would see.',
      'A missing or empty title or description is critical. A title outside 20-60 characters or a description outside 70-160 is a warning, as are multiple title or description tags.',
      'We also flag a title and description that are identical, and check Open Graph and Twitter Card tags used when your page is shared.',
    ],
    results: [
      'The exact title and description we found, with their lengths.',
      'Which Open Graph and Twitter Card tags are missing, by name.',
    ],
    edgeCases: [
      'Search engines sometimes rewrite titles and descriptions; a good one still makes that less likely.',
      'A title set only by script is judged on the server HTML, the version every crawler sees first.',
    ],
  },
  'word-count': {
    slug: 'word-count',
    title: 'Visible Word Count',
    summary:
      'Counts the words a reader actually sees in your main content, skipping navigation, header, footer, sidebars and hidden text.',
    problem: [
      'Thin pages struggle to rank, but a raw word count is misleading: menus, footers and cookie banners inflate it.',
    ],
    solution: [
      'We count visible words in the main content only. Navigation, header, footer, aside, scripts, styles, templates and noscript blocks are skipped.',
      'Elements hidden with the hidden attribute, aria-hidden, or inline display:none and visibility:hidden are skipped too.',
      'Fewer than 300 words is a warning for thin content; no visible words at all is critical.',
    ],
    results: [
      'The visible word count of the server HTML, and of the rendered page when rendering is available.',
      'A clear pass, warning or critical verdict feeding the Content Basics tile.',
    ],
    edgeCases: [
      'Some pages are meant to be short (a contact page, a login screen). Use the warning as a prompt, not a rule.',
      'Text inside images cannot be counted.',
    ],
  },
  'image-alt-coverage': {
    slug: 'image-alt-coverage',
    title: 'Image Alt Text Coverage',
    summary:
      'Measures the share of images with an alt attribute and names the ones that are missing it.',
    problem: [
      'Alt text tells search engines and screen-reader users what an image shows. Images without it are invisible to both.',
    ],
    solution: [
      'We look at every img element and compute the share that has an alt attribute.',
      'An empty alt counts as present: it is the correct way to mark an image as decorative.',
      'Full coverage passes, 80% or more is a warning, below that is critical.',
    ],
    results: [
      'Your coverage percentage and the number of images checked.',
      'The sources of the images missing alt text, so you can fix them one by one.',
    ],
    edgeCases: [
      'Background images set in CSS are not img elements and are not counted.',
      'We check that alt text exists, not whether it describes the image well.',
    ],
  },
  'canonical-checker': {
    slug: 'canonical-checker',
    title: 'Canonical Tag Checker',
    summary:
      'Catches missing, conflicting, cross-domain and http/https-mismatched canonical tags before they split your ranking signals.',
    problem: [
      'The canonical tag tells search engines which URL is the real one. A wrong canonical can quietly remove a page from results or credit another page instead.',
    ],
    solution: [
      'A missing canonical is a warning. Several conflicting canonicals are critical.',
      'We warn when the canonical is invalid or cannot be resolved, points to another domain, uses http while the page uses https (or the other way round), or points to another page on the same site, and we say which page.',
      'A canonical that points to the page itself passes.',
    ],
    results: ['The canonical URL we found and how it relates to the page you submitted.'],
    edgeCases: [
      'Cross-domain canonicals are sometimes intended (syndicated articles); the warning tells you to double-check, not that it is wrong.',
      'We check the canonical you declare; we do not crawl the target page to confirm it can be indexed.',
    ],
  },
  'score-model': {
    slug: 'score-model',
    title: 'Transparent Score Model',
    summary:
      'A 0-100 score built from weighted categories with capped deductions, so one problem can never sink the whole score.',
    problem: [
      'Many SEO scores are a black box: the number moves and nobody can say why.',
      'Others let one repeated problem, say twenty images without alt text, drag the score to zero while bigger problems go unnoticed.',
    ],
    solution: [
      'Every check belongs to a category: crawlability, performance, metadata, social, content and links. Each category has a weight that reflects how much it matters for ranking.',
      'A failing check deducts points within its category, and each deduction is capped, so a single issue cannot take more than its share.',
      'The full report explains the result: which check took how many points, and from which category.',
    ],
    results: [
      'A score from 0 to 100 and its colour: below 50 red, 50-74 yellow, 75 and above green.',
      'The checks that cost points, so the path to a better score is clear.',
    ],
    edgeCases: [
      'Scores of 75-90 are typical for healthy real sites; chasing 100 rarely pays off.',
      'The weights may be tuned during the beta, so a score can shift slightly between versions.',
    ],
  },
};
