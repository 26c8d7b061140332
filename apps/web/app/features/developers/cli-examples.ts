/**
 * The CLI examples of /developers, written once: the page shows them, and
 * tests/e2e/src/developer-examples.e2e.test.ts runs them (the packed CLI against pages on
 * 127.0.0.1) and checks the exit codes they promise. Stand-ins: placeholders.ts.
 */

/** What `npm pack -w @crawlwise/analyzer` writes (the test checks the name against npm's). */
export const CLI_TARBALL = 'crawlwise-analyzer-0.1.0.tgz';

/** The CLI is not on a registry yet: its package is packed from a checkout, then installed. */
export const CLI_INSTALL = `# in a checkout of the Crawlwise repository
npm ci
npm pack -w @crawlwise/analyzer   # writes ${CLI_TARBALL}
npm install --global ./${CLI_TARBALL}`;

/** The quality gates of the examples: below 90, or any critical finding, fails. */
export const CLI_GATES = `'score<90,critical'`;

/** The rules --fail-on takes (the test finds each in the CLI's --help). */
export const CLI_GATE_RULES = [
  { rule: 'score<N', failsWhen: 'the score (0-100) is below N' },
  { rule: 'critical', failsWhen: 'any finding is critical' },
  { rule: 'warning', failsWhen: 'any finding is a warning or critical' },
  { rule: 'check:<id>', failsWhen: 'that check did not pass, e.g. check:canonical' },
  {
    rule: 'regression',
    failsWhen: 'with --baseline seo.json (an earlier --json report): the page got worse',
  },
] as const;

export const CLI_GATE_COMMAND = `crawlwise https://example.com/ --fail-on ${CLI_GATES}`;

/** The CLI's exit codes, as its --help prints them. */
export const CLI_EXIT_CODES = [
  { code: 0, meaning: 'The page was analysed and every --fail-on gate passed.' },
  { code: 1, meaning: 'An internal fault (a bug in the CLI).' },
  {
    code: 2,
    meaning:
      'The page cannot be analysed (an invalid address, DNS, refused, a timeout, an HTTP error), or the command line is wrong.',
  },
  { code: 3, meaning: 'The page was analysed, but a --fail-on gate failed.' },
] as const;

/** A step of the job that installs the CLI: the test installs the same tarball itself. */
export const CI_INSTALL_STEP = `npm install --global ./tools/${CLI_TARBALL}`;

/**
 * A GitHub Actions job: the gates fail the job with exit 3 (2 when the page cannot be read),
 * and the findings reach the job summary either way.
 */
export const CI_WORKFLOW = `name: SEO
on: [pull_request]
jobs:
  seo:
    runs-on: ubuntu-latest
    env:
      PAGE_URL: https://example.com/
      CHROMIUM_PATH: /usr/bin/google-chrome # the runner's Chrome renders the page
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - name: Install the Crawlwise CLI (the tarball, committed under tools/)
        run: ${CI_INSTALL_STEP}
      - name: SEO gates
        run: crawlwise "$PAGE_URL" --fail-on ${CLI_GATES} --format markdown --output seo.md
      - name: Findings in the job summary
        if: always() # also when a gate failed
        # No file when the page could not be analysed (exit 2): the log says why.
        run: test ! -f seo.md || cat seo.md >> "$GITHUB_STEP_SUMMARY"
`;
