import { siteFindingTone } from '@crawlwise/shared/display';
import { PATHS } from '@crawlwise/shared/routes';
import { ChevronDown } from 'lucide-react';
import { AppLink } from '../../../components/app-link.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  type AuditIssue,
  auditIssueItemsCsvUrl,
  auditIssuesCsvUrl,
  fetchAuditIssueItems,
  fetchAuditIssues,
} from '../api/site-audit-api.ts';
import { LinkedFrom } from '../finding-sources.tsx';
import { auditHref, useAuditAddress } from './audit-address.ts';
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
 * Every site finding and failing page check, ranked by what fixing it is worth. The open issue
 * (`issue=`) and the page of its items (`ipage=`) are in the address.
 */
export function IssuesView({ id, live }: { id: string; live: boolean }) {
  const { params, update } = useAuditAddress();
  const open = params.get('issue');
  const state = useAuditQuery((signal) => fetchAuditIssues(id, signal), [id], live);
  return (
    <Card className="min-w-0 space-y-4">
      <ViewHeading title="Issues">
        <CsvLink href={auditIssuesCsvUrl(id)} label="Download CSV (all issues)" />
      </ViewHeading>
      <Loaded state={state} label="Loading the issues">
        {(data) => (
          <>
            <NotBuiltYet builtAt={data.builtAt} />
            {data.issues.length === 0 ? (
              <p className="text-slate-600">No issue found among the pages analysed.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {data.issues.map((issue) => (
                  <IssueRow
                    key={`${issue.kind}:${issue.id}`}
                    id={id}
                    issue={issue}
                    open={open === issue.id}
                    live={live}
                    onToggle={() =>
                      update({ issue: open === issue.id ? null : issue.id, ipage: null })
                    }
                    itemsHref={auditHref(
                      params,
                      { tab: 'pages', issue: issue.id },
                      { fresh: true },
                    )}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </Loaded>
    </Card>
  );
}

function IssueRow({
  id,
  issue,
  open,
  live,
  onToggle,
  itemsHref,
}: {
  id: string;
  issue: AuditIssue;
  open: boolean;
  live: boolean;
  onToggle: () => void;
  itemsHref: string;
}) {
  const panelId = `issue-${issue.kind}-${issue.id}`;
  return (
    <li className="py-2">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full flex-wrap items-center gap-2 rounded py-1 text-left focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <ChevronDown
            aria-hidden
            className={cn('size-4 shrink-0 transition-transform', open ? 'rotate-180' : '')}
          />
          <Badge tone={siteFindingTone(issue.severity)}>{issue.severity}</Badge>
          <span className="min-w-[10rem] flex-1 font-medium text-slate-900">{issue.title}</span>
          <span className="text-sm text-slate-600">
            {issue.count} {issue.count === 1 ? 'item' : 'items'} ·{' '}
            {issue.kind === 'site' ? 'between pages' : 'on pages'}
          </span>
        </button>
      </h3>
      {open ? (
        <div id={panelId} className="mt-2 space-y-3 pl-6 text-sm">
          <p className="text-slate-700">{issue.why}</p>
          <p className="text-slate-700">
            <span className="font-medium text-slate-900">How to fix: </span>
            {issue.howToFix}
          </p>
          <div className="flex flex-wrap gap-2">
            <CsvLink href={auditIssueItemsCsvUrl(id, issue.id)} label="Download CSV (all items)" />
            {issue.kind === 'page' ? (
              <AppLink
                to={itemsHref}
                className="self-center text-brand-700 underline-offset-2 hover:underline"
              >
                See these pages in the table
              </AppLink>
            ) : null}
          </div>
          <IssueItems id={id} issueId={issue.id} live={live} />
        </div>
      ) : null}
    </li>
  );
}

function IssueItems({ id, issueId, live }: { id: string; issueId: string; live: boolean }) {
  const { params, update } = useAuditAddress();
  const page = pageNumber(params, 'ipage');
  const state = useAuditQuery(
    (signal) => fetchAuditIssueItems(id, issueId, { page }, signal),
    [id, issueId, page],
    live,
  );
  return (
    <Loaded state={state} label="Loading the affected items">
      {(data) => (
        <>
          <p className="text-slate-600">
            {rangeText(data.page, data.pageSize, data.rows.length, data.total)}
          </p>
          <ul className="space-y-2">
            {data.rows.map((item) => (
              <li key={`${item.url} ${item.detail ?? ''}`}>
                <p className="break-all">
                  {item.accessToken ? (
                    <AppLink
                      to={PATHS.reportFor(item.accessToken)}
                      className="text-brand-700 underline-offset-2 hover:underline"
                    >
                      {item.url}
                    </AppLink>
                  ) : (
                    <span className="text-slate-900">{item.url}</span>
                  )}
                </p>
                {item.detail ? <p className="break-all text-slate-600">{item.detail}</p> : null}
                <LinkedFrom item={item} />
              </li>
            ))}
          </ul>
          <Pager
            label="Pages of the affected items"
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(next) => update({ ipage: next })}
          />
        </>
      )}
    </Loaded>
  );
}
