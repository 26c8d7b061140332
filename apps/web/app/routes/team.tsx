import { PATHS } from '@crawlwise/shared/routes';
import { useSearchParams } from 'react-router';
import { AppLink } from '../components/app-link.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Container } from '../components/ui/container.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useAuth } from '../features/auth/use-auth.ts';
import { TeamError } from '../features/teams/team-error.tsx';
import { TeamScreen } from '../features/teams/team-screen.tsx';

export function meta() {
  return [{ title: 'Team | Crawlwise' }, { name: 'robots', content: 'noindex' }];
}

/** /team?slug=…: one team's page, for its members (issue 21). */
export default function TeamRoute() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const slug = params.get('slug')?.trim() ?? '';
  return (
    <Container className="min-h-svh space-y-6 py-10">
      {auth.status === 'loading' ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading" className="size-6" />
        </div>
      ) : auth.status === 'signed-out' ? (
        <>
          <h1 className="text-3xl font-bold">Team</h1>
          <Card>
            <p className="font-semibold text-slate-900">Sign in to see your team</p>
            <AppLink to={PATHS.auth} className={`${buttonClasses('primary')} mt-4`}>
              Sign in
            </AppLink>
          </Card>
        </>
      ) : slug ? (
        <TeamScreen slug={slug} userId={auth.user.id} activeTeamId={auth.activeTeamId} />
      ) : (
        <>
          <h1 className="text-3xl font-bold">Team</h1>
          <TeamError code="team_not_found" backToTeams />
        </>
      )}
    </Container>
  );
}
