/**
 * The report the home page shows as a sample: what Crawlwise's checks and score model produce for
 * a small bakery's home page (tests/e2e/src/fixtures/sample-page.ts, served over HTTPS with the
 * fetch record in tests/e2e/src/sample-report.e2e.test.ts). That test analyses the fixture with
 * the real analyzer and fails when these figures drift from what it computes, so the sample
 * stays a real report. Plain data, no schema: the home page must not load the report feature.
 */

export interface SampleIssue {
  check: string;
  severity: 'critical' | 'warning';
  message: string;
  points: number;
}

export interface SampleCategory {
  id: string;
  label: string;
  score: number;
}

export const SAMPLE_REPORT = {
  address: 'https://northside-bakery.example/',
  score: 71,
  categories: [
    { id: 'crawlability', label: 'Crawlability', score: 100 },
    { id: 'performance', label: 'Performance', score: 70 },
    { id: 'metadata', label: 'Metadata', score: 40 },
    { id: 'social', label: 'Social', score: 50 },
    { id: 'content', label: 'Content', score: 70 },
    { id: 'links', label: 'Links', score: 70 },
  ] satisfies SampleCategory[],
  /** Every critical and warning finding, in the report's order; the first three are the top fixes. */
  issues: [
    {
      check: 'meta-description',
      severity: 'critical',
      message: 'Page has no meta description',
      points: 8,
    },
    {
      check: 'image-alt',
      severity: 'critical',
      message: '2 of 5 images lack alt text (60% covered)',
      points: 6,
    },
    {
      check: 'title',
      severity: 'warning',
      message: 'Title is too long (92 characters)',
      points: 4,
    },
    {
      check: 'open-graph',
      severity: 'warning',
      message: 'Open Graph is missing og:description and og:image',
      points: 3,
    },
    {
      check: 'crawlable-anchors',
      severity: 'warning',
      message: '1 link cannot be crawled (# only)',
      points: 3,
    },
    {
      check: 'image-dimensions',
      severity: 'warning',
      message: '5 of 5 images have no width and height in the HTML',
      points: 3,
    },
    {
      check: 'twitter-card',
      severity: 'warning',
      message: 'Twitter Card has no description and image',
      points: 2,
    },
  ] satisfies SampleIssue[],
  /** Checks run on the page (passed, failed, not applicable or skipped). */
  checkCount: 52,
} as const;
