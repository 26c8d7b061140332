import { PATHS } from '@crawlwise/shared/routes';
import { AppLink } from '../../../components/app-link.tsx';
import { Address } from '../../../components/ui/address.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { fetchAuditStructure } from '../api/site-audit-api.ts';
import { auditHref, useAuditAddress } from './audit-address.ts';
import { Loaded, NotBuiltYet, useAuditQuery } from './audit-ui.tsx';

type Linked = {
  url: string;
  inbound: number;
  linkScore: number | null;
  accessToken: string | null;
};

/** Click depth, orphans, and the pages the site's links favour and forget. */
export function StructureView({ id, live }: { id: string; live: boolean }) {
  const { params } = useAuditAddress();
  const state = useAuditQuery((signal) => fetchAuditStructure(id, signal), [id], live);
  return (
    <Loaded state={state} label="Loading the structure">
      {(data) => {
        const widest = Math.max(1, ...data.depthHistogram.map((bar) => bar.pages));
        return (
          <div className="space-y-6">
            <NotBuiltYet builtAt={data.builtAt} />
            <div className="grid gap-6 lg:grid-cols-2">
              <Card className="min-w-0">
                <h2 className="text-lg font-semibold text-slate-900">Click depth</h2>
                <p className="mt-1 text-sm text-slate-600">
                  Clicks from the start page to reach each page.
                </p>
                <table className="mt-3 w-full text-sm">
                  <caption className="sr-only">Pages by click depth</caption>
                  <thead>
                    <tr className="text-left text-slate-600">
                      <th scope="col" className="w-24 py-1 font-medium">
                        Depth
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        Pages
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.depthHistogram.map((bar) => (
                      <tr key={bar.depth ?? 'none'}>
                        <th scope="row" className="py-1 text-left font-normal text-slate-700">
                          {bar.depth === null ? 'No link' : bar.depth}
                        </th>
                        <td className="py-1">
                          <div className="flex items-center gap-2">
                            <div
                              aria-hidden
                              className="h-4 rounded bg-brand-500"
                              style={{ width: `${Math.max(2, (bar.pages / widest) * 80)}%` }}
                            />
                            <span className="text-slate-900">{bar.pages}</span>
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Card>
              <Card>
                <h2 className="text-lg font-semibold text-slate-900">Orphan pages</h2>
                <p className="mt-2 text-3xl font-bold text-slate-900">{data.orphans}</p>
                <p className="mt-1 text-sm text-slate-600">
                  Pages no crawled page links to: search engines and visitors find them only through
                  the sitemap.
                </p>
                {data.orphans > 0 ? (
                  <AppLink
                    className="mt-2 inline-block font-medium text-brand-700 underline-offset-2 hover:underline"
                    to={auditHref(
                      params,
                      { tab: 'issues', issue: 'orphan-pages' },
                      { fresh: true },
                    )}
                  >
                    See the orphan pages
                  </AppLink>
                ) : null}
              </Card>
            </div>
            <div className="grid gap-6 lg:grid-cols-2">
              <LinkedList title="Most linked" pages={data.mostLinked} />
              <LinkedList title="Least linked" pages={data.leastLinked} />
            </div>
          </div>
        );
      }}
    </Loaded>
  );
}

function LinkedList({ title, pages }: { title: string; pages: Linked[] }) {
  return (
    <Card className="min-w-0">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {pages.length === 0 ? (
        <p className="mt-2 text-slate-600">No analysed page yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100 text-sm">
          {pages.map((page) => (
            <li key={page.url} className="flex items-center gap-3 py-1.5">
              {page.accessToken ? (
                <AppLink
                  to={PATHS.reportFor(page.accessToken)}
                  className="min-w-0 flex-1 text-brand-700 underline-offset-2 hover:underline"
                >
                  <Address url={page.url} />
                </AppLink>
              ) : (
                <Address url={page.url} className="flex-1 text-slate-900" />
              )}
              <span className="shrink-0 text-slate-700">
                {page.inbound} {page.inbound === 1 ? 'link' : 'links'}
                {page.linkScore !== null ? ` · score ${page.linkScore}` : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
