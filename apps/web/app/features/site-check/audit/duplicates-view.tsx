import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  auditDuplicatesCsvUrl,
  type DuplicateCluster,
  fetchAuditDiff,
  fetchAuditDuplicates,
} from '../api/site-audit-api.ts';
import { useAuditAddress } from './audit-address.ts';
import { pageNumber } from './audit-query.ts';
import {
  CsvLink,
  Loaded,
  NotBuiltYet,
  Pager,
  rangeText,
  useAuditQuery,
  ViewHeading,
} from './audit-ui.tsx';

/**
 * Near-duplicate clusters; two members of one cluster (`a=`, `b=` in the address) are shown side
 * by side with the blocks only one of them has marked.
 */
export function DuplicatesView({ id, live }: { id: string; live: boolean }) {
  const { params, update } = useAuditAddress();
  const page = pageNumber(params);
  const a = params.get('a');
  const b = params.get('b');
  const state = useAuditQuery(
    (signal) => fetchAuditDuplicates(id, { page }, signal),
    [id, page],
    live,
  );
  return (
    <div className="space-y-6">
      {/* Above the clusters: where the eye is after choosing two, whichever cluster it was. */}
      {a && b ? (
        <DiffPanel id={id} a={a} b={b} onClose={() => update({ a: null, b: null })} />
      ) : null}
      <Card className="min-w-0 space-y-4">
        <ViewHeading title="Near-duplicate pages">
          <CsvLink href={auditDuplicatesCsvUrl(id)} label="Download CSV (all clusters)" />
        </ViewHeading>
        <Loaded state={state} label="Loading the duplicate clusters">
          {(data) => (
            <>
              <NotBuiltYet builtAt={data.builtAt} />
              <p className="text-sm text-slate-600">
                {rangeText(data.page, data.pageSize, data.rows.length, data.total)}
              </p>
              {data.rows.length === 0 ? (
                <p className="text-slate-600">No two analysed pages share most of their text.</p>
              ) : (
                <ul className="space-y-4">
                  {data.rows.map((cluster) => (
                    <ClusterCard
                      key={cluster.cluster}
                      cluster={cluster}
                      selected={[a, b]}
                      onCompare={(first, second) => update({ a: first, b: second })}
                    />
                  ))}
                </ul>
              )}
              <Pager
                label="Pages of the duplicate clusters"
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onPage={(next) => update({ page: next })}
              />
            </>
          )}
        </Loaded>
      </Card>
    </div>
  );
}

function ClusterCard({
  cluster,
  selected,
  onCompare,
}: {
  cluster: DuplicateCluster;
  selected: [string | null, string | null];
  onCompare: (a: string, b: string) => void;
}) {
  const [first, second] = cluster.members;
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium text-slate-900">
          Cluster {cluster.cluster}: {cluster.size} pages, up to{' '}
          {Math.round(cluster.similarity * 100)}% alike
        </h3>
        {first && second ? (
          <button
            type="button"
            className={buttonClasses('outline', 'sm')}
            onClick={() => onCompare(first.url, second.url)}
          >
            Compare two side by side
          </button>
        ) : null}
      </div>
      <ul className="mt-2 space-y-1 text-sm">
        {cluster.members.map((member) => (
          <li
            key={member.url}
            className={cn(
              'wrap-anywhere text-slate-700',
              selected.includes(member.url) ? 'font-medium text-slate-900' : '',
            )}
          >
            <span className="break-all">{member.url}</span>
            {member.title ? <span className="text-slate-600"> · {member.title}</span> : null}
            {member.words !== null ? (
              <span className="text-slate-600"> · {member.words} words</span>
            ) : null}
          </li>
        ))}
      </ul>
      {cluster.size > cluster.members.length ? (
        <p className="mt-1 text-sm text-slate-600">
          And {cluster.size - cluster.members.length} more: every one is in the CSV download.
        </p>
      ) : null}
    </li>
  );
}

function DiffPanel({
  id,
  a,
  b,
  onClose,
}: {
  id: string;
  a: string;
  b: string;
  onClose: () => void;
}) {
  const state = useAuditQuery((signal) => fetchAuditDiff(id, a, b, signal), [id, a, b], false);
  return (
    <Card className="min-w-0 space-y-4">
      <ViewHeading title="Side by side">
        <button type="button" className={buttonClasses('ghost', 'sm')} onClick={onClose}>
          Close
        </button>
      </ViewHeading>
      <p className="text-sm text-slate-600">
        <mark className="rounded bg-amber-100 px-1 text-slate-900">Marked</mark> blocks are on one
        page only; the rest is the same on both.
      </p>
      <Loaded state={state} label="Loading the two texts">
        {(data) => (
          <div className="grid gap-4 md:grid-cols-2">
            {[data.a, data.b].map((side) => (
              <section key={side.url} aria-label={side.url} className="min-w-0">
                <h3 className="font-medium break-all text-slate-900">{side.url}</h3>
                <ol className="mt-2 space-y-2 text-sm">
                  {side.blocks.map((block, index) => (
                    <li
                      // Blocks repeat (the same boilerplate line twice): their place is their key.
                      // biome-ignore lint/suspicious/noArrayIndexKey: order is fixed per answer
                      key={index}
                      className={cn(
                        'rounded p-2 wrap-anywhere',
                        block.shared ? 'text-slate-600' : 'bg-amber-100 text-slate-900',
                      )}
                    >
                      {block.shared ? null : <span className="sr-only">Only on this page: </span>}
                      {block.text}
                    </li>
                  ))}
                </ol>
                {side.truncated ? (
                  <p className="mt-2 text-sm text-slate-600">
                    The text is cut here: only the start of long pages is kept.
                  </p>
                ) : null}
              </section>
            ))}
          </div>
        )}
      </Loaded>
    </Card>
  );
}
