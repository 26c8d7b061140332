import { PATHS } from '@crawlwise/shared/routes';
import { AppLink } from '../../components/app-link.tsx';
import {
  CURL_EXAMPLES,
  OPENAPI_DOCUMENT,
  TYPESCRIPT_EXAMPLE,
  TYPESCRIPT_FILE,
  TYPESCRIPT_OUTPUT,
  TYPESCRIPT_RUN,
} from './api-examples.ts';
import { CodeBlock } from './code-block.tsx';
import { DocSection, SubHeading } from './doc-section.tsx';
import { TOKEN_VARIABLE } from './placeholders.ts';

export function ApiSection() {
  return (
    <DocSection id="api" title="The REST API with a token">
      <SubHeading>Create a token</SubHeading>
      <ol className="list-decimal space-y-1 pl-6">
        <li>
          Sign in and open{' '}
          <AppLink to={PATHS.profile} className="font-medium text-brand-700 underline">
            your profile
          </AppLink>
          .
        </li>
        <li>
          In <strong>API tokens</strong>, name the token, choose <strong>Read</strong> or{' '}
          <strong>Read and write</strong>, and press <strong>Create token</strong>.
        </li>
        <li>
          Copy the secret (it starts with <code>cw_</code>): it is shown once, and only its hash is
          stored. Keep it in your secret store, and in <code>{TOKEN_VARIABLE}</code> where the
          examples read it: <code>export {TOKEN_VARIABLE}=cw_…</code>
        </li>
      </ol>
      <p>
        Send it as <code>Authorization: Bearer …</code>. A read token reads reports, page history,
        comparisons, site checks and watches; a read-and-write token also creates them. No token can
        manage the account (password, deletion, the tokens themselves). Each token may make 120
        requests a minute, and revoking it on the same card stops it at once.
      </p>

      <SubHeading>With curl</SubHeading>
      {CURL_EXAMPLES.map((example) => (
        <div key={example.id}>
          <h4 className="font-semibold text-slate-900">{example.title}</h4>
          <CodeBlock label="Shell" code={example.command} />
          <p className="mt-2">{example.answer}</p>
        </div>
      ))}
      <p>
        Every route, its parameters and its answers are in the OpenAPI document at{' '}
        <code>{OPENAPI_DOCUMENT}</code>.
      </p>

      <SubHeading>With TypeScript</SubHeading>
      <p>
        <code>@crawlwise/client</code> (<code>packages/client</code> in the repository) is a typed
        client generated from that document: every path, body and answer is typed. It is not
        published to npm yet, so use it in a checkout of the repository:
      </p>
      <CodeBlock label={TYPESCRIPT_FILE} code={TYPESCRIPT_EXAMPLE} />
      <p>
        <code>{TYPESCRIPT_RUN}</code> prints the page, how the analysis ended and its score, such as{' '}
        <code>{TYPESCRIPT_OUTPUT}</code>.
      </p>
    </DocSection>
  );
}
