import {
  CI_WORKFLOW,
  CLI_EXIT_CODES,
  CLI_GATE_COMMAND,
  CLI_GATE_RULES,
  CLI_INSTALL,
} from './cli-examples.ts';
import { CodeBlock } from './code-block.tsx';
import { DocSection, SubHeading } from './doc-section.tsx';

export function CliSection() {
  return (
    <DocSection id="cli" title="The CLI in CI">
      <p>
        <code>crawlwise</code> runs the same analysis on the machine it is started on: no server, no
        account, no token. It prints the score and findings, or writes them as JSON, Markdown, HTML
        or SARIF, and its exit code can fail a build.
      </p>

      <SubHeading>Install</SubHeading>
      <p>
        The CLI is not on the npm registry yet. Pack it once from a checkout of the Crawlwise
        repository and install the tarball wherever it runs (Node.js 20.19 or newer):
      </p>
      <CodeBlock label="Shell" code={CLI_INSTALL} />
      <p>
        It renders each page in a headless Chromium when it finds one (<code>CHROMIUM_PATH</code>,
        or Debian&apos;s <code>chromium-headless-shell</code> or <code>chromium</code>); with{' '}
        <code>--no-render</code> it skips the render and says so in the <code>js-rendering</code>{' '}
        check.
      </p>

      <SubHeading>Gates and exit codes</SubHeading>
      <CodeBlock label="Shell" code={CLI_GATE_COMMAND} />
      <p>
        <code>--fail-on</code> takes rules separated by commas (quote them: <code>&lt;</code> means
        something to the shell):
      </p>
      <ul className="list-disc space-y-1 pl-6">
        {CLI_GATE_RULES.map(({ rule, failsWhen }) => (
          <li key={rule}>
            <code>{rule}</code>: {failsWhen}
          </li>
        ))}
      </ul>
      <div className="mt-4 overflow-hidden rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Exit codes of crawlwise</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Exit code
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Meaning
              </th>
            </tr>
          </thead>
          <tbody>
            {CLI_EXIT_CODES.map(({ code, meaning }) => (
              <tr key={code} className="border-t border-slate-200 align-top">
                <td className="px-3 py-2 font-mono">{code}</td>
                <td className="px-3 py-2">{meaning}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <SubHeading>A GitHub Actions job</SubHeading>
      <p>
        Commit the tarball under <code>tools/</code> and add this workflow. The gates fail the job
        (exit 3, or 2 when the page cannot be read), and the findings reach the job summary either
        way.
      </p>
      <CodeBlock label=".github/workflows/seo.yml" code={CI_WORKFLOW} />
    </DocSection>
  );
}
