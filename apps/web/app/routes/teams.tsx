import { PATHS } from '@crawlwise/shared/routes';
import { AppLink } from '../components/app-link.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Container } from '../components/ui/container.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useAuth } from '../features/auth/use-auth.ts';
import { TeamsScreen } from '../features/teams/teams-screen.tsx';

export function meta() {
  return [{ title: 'Teams | Crawlwise' }, { name: 'robots', content: 'noindex' }];
}

/** /teams: the account's teams, invitations waiting for it, and a new team (issue 21). */
export default function TeamsRoute() {
  const auth = useAuth();
  return (
    <Container className="min-h-svh space-y-6 py-10">
      <div>
        <h1 className="text-3xl font-bold">Teams</h1>
        <p className="mt-2 max-w-2xl text-slate-600">
          A team shares one workspace: its members see and use the reports, site checks, watches and
          page histories made in it. Pick the workspace you work in from the switcher at the top of
          the page.
        </p>
      </div>
      {auth.status === 'loading' ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading" className="size-6" />
        </div>
      ) : auth.status === 'signed-out' ? (
        <Card>
          <p className="font-semibold text-slate-900">Sign in to see your teams</p>
          <AppLink to={PATHS.auth} className={`${buttonClasses('primary')} mt-4`}>
            Sign in
          </AppLink>
        </Card>
      ) : (
        <TeamsScreen userId={auth.user.id} />
      )}
    </Container>
  );
}
