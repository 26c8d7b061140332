import {
  detailsOf,
  type RichResultInvalidValue,
  type Stored,
  type StructuredDataProblem,
} from '@crawlwise/shared/check-details';
import type { ReportIssue, ScoredFinding } from '@crawlwise/shared/report';
import { isLockedIssue } from '@crawlwise/shared/report-basics';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { findingAnchor, isRichResultFinding, needsAttention } from './report-model.ts';

/**
 * "Block 2: missing @type" from a structured-data problem `{ block, problem }`. The analyzer
 * numbers blocks from 1, as a reader counts them (the screen once added 1 again).
 */
function problemText({ block, problem }: Stored<StructuredDataProblem>): string | null {
  if (problem === undefined) return null;
  return block === undefined ? problem : `Block ${block}: ${problem}`;
}

/** The JSON-LD the page declares, in words: its types and what is wrong with it. */
function StructuredDataSummary({ finding }: { finding: ScoredFinding }) {
  const details = detailsOf(finding, 'structured-data');
  const types = details?.types ?? [];
  const problems = (details?.problems ?? []).flatMap((entry) => problemText(entry) ?? []);
  const count = details?.count ?? null;
  return (
    <div className="text-sm text-slate-900">
      <p>
        {count === 0
          ? 'The page declares no structured data (JSON-LD).'
          : `The page declares ${count ?? 'some'} JSON-LD block${count === 1 ? '' : 's'}.`}
      </p>
      {types.length > 0 ? (
        <>
          <h3 className="mt-3 font-semibold">Types declared</h3>
          <ul className="mt-1 flex flex-wrap gap-2">
            {types.map((type) => (
              <li key={type} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-800">
                {type}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {problems.length > 0 ? (
        <>
          <h3 className="mt-3 font-semibold">Problems</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

interface EligibilityItem {
  type: string;
  feature: string | null;
  block: number | null;
  eligible: boolean;
  missingRequired: string[];
  missingRecommended: string[];
  invalid: string[];
}

/** "image: not a URL" from an invalid value `{ property, value, problem }`. */
function invalidText({ property, problem }: Stored<RichResultInvalidValue>): string | null {
  if (property === undefined) return null;
  return problem === undefined ? property : `${property}: ${problem}`;
}

/**
 * The items the rich-results check judged (`details.items`); an item a stored report holds
 * without its type or verdict is left out.
 */
export function eligibilityItems(finding: ScoredFinding): EligibilityItem[] {
  const items = detailsOf(finding, 'rich-results')?.items ?? [];
  return items.flatMap((item) => {
    if (item.type === undefined || item.eligible === undefined) return [];
    return [
      {
        type: item.type,
        feature: item.feature ?? null,
        block: item.block ?? null,
        eligible: item.eligible,
        missingRequired: item.missingRequired ?? [],
        missingRecommended: item.missingRecommended ?? [],
        invalid: (item.invalid ?? []).flatMap((value) => invalidText(value) ?? []),
      },
    ];
  });
}

/** Each judged item: which rich result it aims at, whether it qualifies, and what it lacks. */
function EligibilityList({ items }: { items: readonly EligibilityItem[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="space-y-2 text-sm" aria-label="Rich-result eligibility by item">
      {items.map((item, index) => (
        <li
          // Items are listed in page order and never reorder.
          // biome-ignore lint/suspicious/noArrayIndexKey: static list
          key={index}
          className="rounded-lg border border-slate-200 px-3 py-2"
        >
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">{item.type}</span>
            {item.feature ? <span className="text-slate-700">→ {item.feature}</span> : null}
            {item.block !== null ? (
              <span className="text-slate-700">(block {item.block})</span>
            ) : null}
            <Badge tone={item.eligible ? 'green' : 'red'}>
              {item.eligible ? 'Eligible' : 'Not eligible'}
            </Badge>
          </div>
          {item.missingRequired.length > 0 ? (
            <p className="mt-1 text-slate-800">
              Missing required: {item.missingRequired.join(', ')}
            </p>
          ) : null}
          {item.invalid.length > 0 ? (
            <p className="mt-1 text-slate-800">Invalid: {item.invalid.join('; ')}</p>
          ) : null}
          {item.missingRecommended.length > 0 ? (
            <p className="mt-1 text-slate-700">Could add: {item.missingRecommended.join(', ')}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Rich-result eligibility: the structured data the page declares and, for every rich-result
 * finding, each judged item with what it lacks; the finding's card under All findings has the
 * fix (its details also render generically there).
 */
export function RichResults({ issues }: { issues: readonly ReportIssue[] }) {
  const findings = issues.filter(
    (issue): issue is ScoredFinding => !isLockedIssue(issue) && isRichResultFinding(issue),
  );
  if (findings.length === 0) return null;
  const structured = findings.find((finding) => finding.id === 'structured-data');
  const others = findings.filter((finding) => finding.id !== 'structured-data');
  return (
    <Card>
      <section aria-labelledby="rich-results-heading">
        <h2 id="rich-results-heading" className="text-lg font-semibold text-slate-900">
          Rich results
        </h2>
        <div className="mt-3 space-y-3">
          {structured ? <StructuredDataSummary finding={structured} /> : null}
          {others.map((finding) => (
            <div key={finding.id} className="space-y-2">
              <h3 className="font-semibold text-slate-900">{finding.message}</h3>
              <EligibilityList items={eligibilityItems(finding)} />
              {/* A finding to act on has its card (why, how to fix, snippet) under All findings. */}
              {needsAttention(finding) ? (
                <a
                  href={findingAnchor(finding.id)}
                  className="inline-block text-sm font-medium text-brand-700 underline"
                >
                  How to fix it
                  <span className="sr-only">: {finding.message}</span>
                </a>
              ) : null}
            </div>
          ))}
        </div>
      </section>
    </Card>
  );
}
