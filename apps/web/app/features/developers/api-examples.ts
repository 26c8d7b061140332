/**
 * The REST API examples of /developers, written once: the page shows them, and
 * tests/e2e/src/developer-examples.e2e.test.ts runs them — the curl commands with real curl, the
 * TypeScript with the typed client — against a listening server with a token made through the
 * API. Stand-ins: placeholders.ts.
 */

export interface ShellExample {
  id: 'create-report' | 'read-report' | 'list-reports';
  title: string;
  /** What the answer holds, as the page tells it. */
  answer: string;
  command: string;
}

export const CURL_EXAMPLES: readonly ShellExample[] = [
  {
    id: 'create-report',
    title: 'Analyse a page (a read-and-write token)',
    answer:
      'The report is queued and belongs to your account; the answer is {"ok":true,"accessToken":"…"}.',
    command: `curl -sS https://crawlwise.example/api/reports \\
  -H "Authorization: Bearer $CRAWLWISE_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"url": "https://example.com/"}'`,
  },
  {
    id: 'read-report',
    title: 'Read the report',
    answer:
      'report.status goes from queued to analyzing to completed (or failed, with error_code) in a few seconds: read it again until it has settled. A completed report has its score, categories and every finding, none locked: with your token you read it as its owner.',
    command: `curl -sS https://crawlwise.example/api/reports/REPORT_TOKEN \\
  -H "Authorization: Bearer $CRAWLWISE_TOKEN"`,
  },
  {
    id: 'list-reports',
    title: 'List your reports',
    answer: 'Ten at a time, newest first, each with its access_token; ?offset=10 for the next ten.',
    command: `curl -sS https://crawlwise.example/api/me/reports \\
  -H "Authorization: Bearer $CRAWLWISE_TOKEN"`,
  },
];

/** Where the API's OpenAPI document is served (public, no token). */
export const OPENAPI_DOCUMENT = 'https://crawlwise.example/api/docs/json';

/** The file name the page gives the TypeScript example, and the command that runs it. */
export const TYPESCRIPT_FILE = 'check-page.ts';
export const TYPESCRIPT_RUN = `npx tsx ${TYPESCRIPT_FILE}`;

/** What the TypeScript example prints, as the page tells it. */
export const TYPESCRIPT_OUTPUT = 'https://example.com/: completed, score 87/100';

export const TYPESCRIPT_EXAMPLE = `import { createCrawlwiseClient } from '@crawlwise/client';

const crawlwise = createCrawlwiseClient({
  baseUrl: 'https://crawlwise.example',
  token: process.env.CRAWLWISE_TOKEN,
});

async function readReport(token: string) {
  const { data, error } = await crawlwise.GET('/api/reports/{token}', {
    params: { path: { token } },
  });
  if (error) throw new Error(\`\${error.error}: \${error.message}\`);
  return data.report;
}

const created = await crawlwise.POST('/api/reports', {
  body: { url: 'https://example.com/' },
});
if (created.error) throw new Error(\`\${created.error.error}: \${created.error.message}\`);

let report = await readReport(created.data.accessToken);
while (report.status === 'queued' || report.status === 'analyzing') {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  report = await readReport(created.data.accessToken);
}
console.log(\`\${report.url}: \${report.status}, score \${report.score}/100\`);
`;
