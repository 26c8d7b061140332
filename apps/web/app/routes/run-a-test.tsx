import { PATHS } from '@crawlwise/shared/routes';
import { RotatingWord } from '../components/rotating-word.tsx';
import { Container } from '../components/ui/container.tsx';
import { UrlBar } from '../features/url-bar/url-bar.tsx';
import { pageMeta } from '../lib/meta.ts';

export function meta() {
  return pageMeta(
    PATHS.runATest,
    'Run a free SEO test on any page',
    'Enter a page address to get a free 0-100 SEO score and the top 3 fixes. Works for modern JavaScript sites and static sites alike.',
  );
}

export default function RunATestRoute() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <Container className="max-w-3xl py-20 text-center sm:py-28">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
          Meet your SEO <RotatingWord />
        </h1>
        <p className="mt-4 text-lg text-slate-600">
          Enter a page address. You'll get a score from 0 to 100 and the top 3 fixes, free.
        </p>
        <div className="mt-10">
          <UrlBar />
        </div>
        <noscript>
          <div className="mt-8 rounded-2xl border border-yellow-200 bg-yellow-50 p-6 text-left text-yellow-900">
            <p>
              JavaScript is turned off. You can still run a check: this form sends your address to{' '}
              <code>{PATHS.report}</code>, and the report page takes it from there. A link to{' '}
              <code>{PATHS.report}?url=</code> followed by an address works too, after you confirm.
            </p>
            <form
              method="post"
              action={PATHS.report}
              className="mt-4 flex flex-col gap-2 sm:flex-row"
            >
              <label htmlFor="noscript-url" className="sr-only">
                Website URL
              </label>
              <input
                id="noscript-url"
                name="url"
                type="text"
                required
                placeholder="example.com"
                className="h-10 flex-1 rounded-lg border border-yellow-300 bg-white px-3"
              />
              <button
                type="submit"
                className="h-10 rounded-lg bg-slate-900 px-4 font-medium text-white"
              >
                Run free check
              </button>
            </form>
          </div>
        </noscript>
      </Container>
    </section>
  );
}
