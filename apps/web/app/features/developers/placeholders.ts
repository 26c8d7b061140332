/**
 * The stand-ins the /developers examples are written with. The page names a made-up Crawlwise
 * server, a made-up page and a report's token, and says what each stands for; the test that runs
 * every example (tests/e2e/src/developer-examples.e2e.test.ts) swaps them for its own server,
 * pages and reports with fillPlaceholders, and changes nothing else in the text.
 *
 * The API token is not a stand-in: every example reads it from the CRAWLWISE_TOKEN environment
 * variable (a shell's `$CRAWLWISE_TOKEN`, TypeScript's `process.env`, or the variable syntax of
 * an MCP client's configuration), so a secret never has to be pasted into a file. The test sets
 * that variable on what it runs.
 */
export const PLACEHOLDERS = {
  origin: {
    text: 'https://crawlwise.example',
    meaning: 'the address of your Crawlwise server',
  },
  page: {
    text: 'https://example.com/',
    meaning: 'the page you want checked',
  },
  reportToken: {
    text: 'REPORT_TOKEN',
    meaning: 'the accessToken that creating the report answered',
  },
} as const;

export type PlaceholderName = keyof typeof PLACEHOLDERS;

/** The environment variable every example reads the API token from. */
export const TOKEN_VARIABLE = 'CRAWLWISE_TOKEN';

/** `text` with each named stand-in replaced by its value; stand-ins not given are left as they are. */
export function fillPlaceholders(
  text: string,
  values: Partial<Record<PlaceholderName, string>>,
): string {
  let filled = text;
  for (const name of Object.keys(PLACEHOLDERS) as PlaceholderName[]) {
    const value = values[name];
    if (value !== undefined) filled = filled.split(PLACEHOLDERS[name].text).join(value);
  }
  return filled;
}
