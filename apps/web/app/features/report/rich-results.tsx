import { isLockedIssue, type ReportIssue, type ScoredFinding } from '@crawlwise/shared/report';
import { Card } from '../../components/ui/card.tsx';
import { FindingCard } from './finding-card.tsx';
import { isRichResultFinding } from './report-model.ts';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/** "Block 2: missing @type" from a structured-data problem `{ block, problem }`. */
function problemText(value: unknown): string | null {
  if (!value || typeof value !== 'object') return typeof value === 'string' ? value : null;
  const { block, problem } = value as Record<string, unknown>;
  if (typeof problem !== 'string') return null;
  return typeof block === 'number' ? `Block ${block + 1}: ${problem}` : problem;
}

/** The JSON-LD the page declares, in words: its types and what is wrong with it. */
function StructuredDataSummary({ finding }: { finding: ScoredFinding }) {
  const types = strings(finding.details.types);
  const problems = Array.isArray(finding.details.problems)
    ? finding.details.problems.flatMap((entry) => problemText(entry) ?? [])
    : [];
  const count = typeof finding.details.count === 'number' ? finding.details.count : null;
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

/**
 * Rich-result eligibility: the structured data the page declares and every rich-result finding.
 * Any rich-result check's details render generically on its card, so a new check needs no code.
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
            <FindingCard key={finding.id} finding={finding} headingLevel={3} anchored={false} />
          ))}
        </div>
      </section>
    </Card>
  );
}
