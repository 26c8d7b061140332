import { useSearchParams } from 'react-router';
import { Container } from '../components/ui/container.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useAuth } from '../features/auth/use-auth.ts';
import { InvitationScreen, InvitationSignedOut } from '../features/teams/invitation-screen.tsx';

export function meta() {
  return [{ title: 'Team Invitation | Crawlwise' }, { name: 'robots', content: 'noindex' }];
}

/** /invitation?id=…: where an invitation's email leads, to accept or decline it (issue 21). */
export default function InvitationRoute() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  return (
    <Container className="min-h-svh max-w-2xl space-y-6 py-10">
      <h1 className="text-3xl font-bold">Team invitation</h1>
      {!id ? (
        <p className="text-slate-700">
          This address has no invitation in it. Open the link from the invitation email again.
        </p>
      ) : auth.status === 'loading' ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading" className="size-6" />
        </div>
      ) : auth.status === 'signed-out' ? (
        <InvitationSignedOut id={id} />
      ) : (
        <InvitationScreen id={id} userId={auth.user.id} />
      )}
    </Container>
  );
}
