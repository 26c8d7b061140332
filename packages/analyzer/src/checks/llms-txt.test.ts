import { describe, expect, it } from 'vitest';
import { parseLlmsTxt } from '../gather/llms-txt.ts';
import { createPageContext } from '../page/page-context.ts';
import { makeArtifacts } from '../page/test-artifacts.ts';
import type { LlmsTxtArtifact } from '../types.ts';
import { llmsTxt } from './llms-txt.ts';
import { runCheck } from './run-checks.ts';

const URL_ = 'https://example.com/llms.txt';
const check = (file: LlmsTxtArtifact | undefined) =>
  runCheck(createPageContext({ ...makeArtifacts(), llmsTxt: file }), llmsTxt);
const answered = (body: string, type = 'text/markdown') =>
  check(parseLlmsTxt(URL_, 200, type, Buffer.from(body)));

describe('llms-txt', () => {
  it('reports a well-formed llms.txt with its title and links', () => {
    const finding = answered(
      '# Example Shop\n\n> Oak furniture.\n\n## Docs\n- [Tables](https://example.com/tables): all tables\n- [Chairs](/chairs)\n',
    );
    expect(finding.severity).toBe('success');
    expect(finding.message).toBe('llms.txt found: "Example Shop" with 2 links');
    expect(finding.details).toMatchObject({ exists: true, title: 'Example Shop', links: 2 });
  });

  it('warns when the file does not start with a # title', () => {
    const finding = answered('Example Shop\n- [Tables](/tables)\n', 'text/plain');
    expect(finding.severity).toBe('warning');
    expect(finding.details).toMatchObject({ exists: true, title: null, links: 1 });
  });

  it('passes a site without llms.txt: it is optional', () => {
    const finding = check({ url: URL_, status: 'missing', httpStatus: 404 });
    expect(finding.severity).toBe('success');
    expect(finding.message).toBe('No llms.txt (optional)');
    expect(finding.why).toContain('HTTP 404');
    expect(finding.details).toMatchObject({ exists: false });
  });

  it('counts an HTML answer (a catch-all route) as no llms.txt', () => {
    const finding = answered('<!doctype html><html><body>App</body></html>', 'text/html');
    expect(finding.severity).toBe('success');
    expect(finding.message).toBe('No llms.txt (the address answers with an HTML page)');
    expect(finding.details).toMatchObject({ exists: false, html: true });
  });

  it('is skipped when llms.txt could not be fetched', () => {
    const finding = check({
      url: URL_,
      status: 'unreachable',
      httpStatus: 503,
      detail: 'HTTP 503',
    });
    expect(finding.severity).toBe('success');
    expect(finding.details.reason).toContain('HTTP 503');
  });

  it('is skipped when the engine did not ask', () => {
    expect(check(undefined).details.reason).toBe('llms.txt was not fetched');
  });
});

describe('llms-txt fix', () => {
  const file = parseLlmsTxt(URL_, 200, 'text/plain', Buffer.from('Example Shop\n'));
  const withPage = (head: string) =>
    runCheck(
      createPageContext({
        ...makeArtifacts({ html: `<html><head>${head}</head><body></body></html>` }),
        llmsTxt: file,
      }),
      llmsTxt,
    );

  it('writes the title and summary lines from the site name and description', () => {
    const finding = withPage(
      '<title>Tables | Oak Co</title><meta property="og:site_name" content="Oak Co"><meta name="description" content="Oak furniture made in Lyon.">',
    );
    expect(finding.details.fixSnippet).toBe('# Oak Co\n\n> Oak furniture made in Lyon.');
    expect(finding.howToFix).toMatch(
      /^Put these lines at the top of https:\/\/example.com\/llms.txt \(from the page's site name and description;/,
    );
  });

  it('falls back to the page title, then the host name', () => {
    expect(withPage('<title>Oak tables</title>').details.fixSnippet).toBe('# Oak tables');
    expect(withPage('').details.fixSnippet).toBe('# example.com');
  });
});
