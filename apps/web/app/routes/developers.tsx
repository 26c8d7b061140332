import { PATHS } from '@crawlwise/shared/routes';
import { PageHeader } from '../components/page-header.tsx';
import { Container } from '../components/ui/container.tsx';
import { ApiSection } from '../features/developers/api-section.tsx';
import { CliSection } from '../features/developers/cli-section.tsx';
import { McpSection } from '../features/developers/mcp-section.tsx';
import { PLACEHOLDERS, TOKEN_VARIABLE } from '../features/developers/placeholders.ts';
import { pageMeta } from '../lib/meta.ts';

export function meta() {
  return pageMeta(
    PATHS.developers,
    'For developers: the CLI, the REST API and MCP',
    'Fail a CI build with the crawlwise CLI, call the REST API with a token from curl or TypeScript, and give coding agents the Crawlwise MCP servers.',
  );
}

const CONTENTS = [
  { href: '#cli', label: 'The CLI in CI' },
  { href: '#api', label: 'The REST API with a token' },
  { href: '#mcp', label: 'MCP for coding agents' },
];

export default function DevelopersRoute() {
  return (
    <>
      <PageHeader eyebrow="For developers" title="Crawlwise in your pipeline, scripts and agents">
        <p>
          The analysis behind every report, three ways: a CLI whose exit code fails a build, a REST
          API for scripts with a token, and MCP servers for coding agents.
        </p>
      </PageHeader>
      <Container className="max-w-3xl pb-16">
        <nav aria-labelledby="contents-heading" className="mt-8 rounded-2xl bg-slate-50 p-6">
          <h2 id="contents-heading" className="text-lg font-semibold text-slate-900">
            On this page
          </h2>
          <ul className="mt-2 space-y-1">
            {CONTENTS.map(({ href, label }) => (
              <li key={href}>
                <a href={href} className="font-medium text-brand-700 underline">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-4 rounded-2xl bg-slate-50 p-6">
          <h2 className="text-lg font-semibold text-slate-900">In the examples</h2>
          <dl className="mt-2 space-y-1 text-slate-700 [&_code]:wrap-anywhere">
            {Object.values(PLACEHOLDERS).map(({ text, meaning }) => (
              <div key={text}>
                <dt className="inline">
                  <code>{text}</code>
                </dt>{' '}
                <dd className="inline">is {meaning};</dd>
              </div>
            ))}
            <div>
              <dt className="inline">
                <code>{TOKEN_VARIABLE}</code>
              </dt>{' '}
              <dd className="inline">is the environment variable that holds your API token.</dd>
            </div>
          </dl>
        </div>
        <CliSection />
        <ApiSection />
        <McpSection />
      </Container>
    </>
  );
}
