import { catalogueEntry, type ErrorCode } from '@crawlwise/shared/error-catalogue';
import { PATHS } from '@crawlwise/shared/routes';
import { AppLink } from '../../components/app-link.tsx';
import { Card } from '../../components/ui/card.tsx';

/** A catalogue error as the teams screens show it: its title, the wording, its action. */
export function TeamError({
  code,
  message,
  backToTeams = false,
}: {
  code: ErrorCode;
  message?: string | undefined;
  /** Offer the way back to the list of teams (when the team itself could not be shown). */
  backToTeams?: boolean;
}) {
  const entry = catalogueEntry(code);
  return (
    <Card className="border-red-200 bg-red-50" role="alert">
      <p className="font-semibold text-red-800">Error: {entry.title}</p>
      <p className="mt-1 wrap-anywhere text-red-700">{message ?? entry.description}</p>
      {entry.action ? <p className="mt-1 text-sm text-red-700">{entry.action}</p> : null}
      {backToTeams ? (
        <AppLink
          to={PATHS.teams}
          className="mt-3 inline-block text-sm font-medium text-red-800 underline"
        >
          Back to your teams
        </AppLink>
      ) : null}
    </Card>
  );
}

/** A failure of one action, said next to the control that caused it. */
export function InlineError({ id, children }: { id?: string; children: string }) {
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {children}
    </p>
  );
}
