import '../../lib/zod-jitless.ts';
import {
  AUTH_MESSAGES,
  type AuthProvider,
  firstMessage,
  signInSchema,
  signUpSchema,
} from '@crawlwise/shared/accounts';
import { PATHS, safeReturnPath } from '@crawlwise/shared/routes';
import { KeyRound, LogIn, UserPlus } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { failureMessage } from '../../lib/auth-request.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import {
  fetchProviders,
  signInWithEmail,
  signUpWithEmail,
  startProviderSignIn,
} from './api/session.ts';
import { sessionStore } from './session-store.ts';
import { useAuth } from './use-auth.ts';

type Mode = 'sign-in' | 'sign-up';

/**
 * /auth (spec points 2, 5 and 8): sign in or sign up with email and password, or with a configured
 * identity provider. The first validation message shows as a toast; a call in flight disables
 * the buttons. Afterwards the visitor goes to / — or back to the report whose "Sign in to see"
 * brought them here, where the fourth issue is now unlocked.
 */
export function AuthScreen() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('next'));
  // ?mode=sign-up opens the sign-up form (an invitee without an account, issue 21).
  const [mode, setMode] = useState<Mode>(() =>
    params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in',
  );
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [providers, setProviders] = useState<AuthProvider[]>([]);
  // Navigating after a sign-in must win over the "already signed in" redirect to /.
  const leaving = useRef(false);

  useEffect(() => {
    let live = true;
    void fetchProviders().then((list) => {
      if (live) setProviders(list);
    });
    return () => {
      live = false;
    };
  }, []);

  // A third-party sign-in that failed comes back here with ?error= (and the provider's id).
  const providerError = params.get('error');
  const failedProvider = params.get('provider');
  const reported = useRef(false);
  useEffect(() => {
    if (!providerError || reported.current) return;
    if (failedProvider && providers.length === 0) return; // wait for the provider's name
    reported.current = true;
    const name = providers.find((provider) => provider.id === failedProvider)?.name;
    notifyError(name ? AUTH_MESSAGES.providerFailed(name) : AUTH_MESSAGES.signInFailed);
  }, [providerError, failedProvider, providers]);

  if (auth.status === 'signed-in' && !leaving.current) {
    return <Navigate to={returnTo ?? PATHS.home} replace />;
  }

  const update = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const finish = async (message: string, description?: string) => {
    leaving.current = true;
    await sessionStore.refresh();
    notifySuccess(message, description);
    navigate(returnTo ?? PATHS.home);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (mode === 'sign-up') {
      const parsed = signUpSchema.safeParse(values);
      if (!parsed.success) {
        notifyError(firstMessage(parsed.error));
        return;
      }
      setBusy(true);
      const result = await signUpWithEmail(parsed.data, returnTo ?? PATHS.home);
      setBusy(false);
      if (!result.ok) {
        notifyError(failureMessage(result, AUTH_MESSAGES.signUpFailed));
        return;
      }
      // No session yet when the address must be confirmed first (mail is set up).
      if (result.data.token === null) {
        await finish(AUTH_MESSAGES.signedUp, AUTH_MESSAGES.confirmEmail);
      } else {
        await finish(AUTH_MESSAGES.signedUp);
      }
      return;
    }
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) {
      notifyError(firstMessage(parsed.error));
      return;
    }
    setBusy(true);
    const result = await signInWithEmail(parsed.data, returnTo ?? PATHS.home);
    setBusy(false);
    if (!result.ok) {
      notifyError(failureMessage(result, AUTH_MESSAGES.signInFailed));
      return;
    }
    await finish(AUTH_MESSAGES.signedIn);
  };

  const withProvider = async (provider: AuthProvider) => {
    setBusy(true);
    const result = await startProviderSignIn(provider.id, returnTo ?? PATHS.home);
    if (!result.ok || !result.data.url) {
      setBusy(false);
      notifyError(AUTH_MESSAGES.providerFailed(provider.name));
      return;
    }
    window.location.assign(result.data.url);
  };

  const signingUp = mode === 'sign-up';
  return (
    <div className="w-full">
      <h1 className="text-center text-3xl font-bold">
        {signingUp ? 'Create your account' : 'Welcome back'}
      </h1>
      <p className="mt-2 text-center text-slate-600">
        {returnTo
          ? 'Sign in to see every issue of your report.'
          : 'Keep your reports in one place and see every issue they find.'}
      </p>
      <Card className="mt-8">
        <div className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
          {(['sign-in', 'sign-up'] as const).map((each) => (
            <button
              key={each}
              type="button"
              aria-pressed={mode === each}
              onClick={() => setMode(each)}
              disabled={busy}
              className={
                mode === each
                  ? 'rounded-md bg-white px-3 py-2 text-sm font-semibold text-slate-900 shadow-sm'
                  : 'rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900'
              }
            >
              {each === 'sign-in' ? 'Sign In' : 'Sign Up'}
            </button>
          ))}
        </div>

        {providers.length > 0 ? (
          <div className="mt-6 space-y-3">
            {providers.map((provider) => (
              <Button
                key={provider.id}
                variant="outline"
                className="w-full"
                disabled={busy}
                onClick={() => withProvider(provider)}
              >
                <KeyRound className="size-4" aria-hidden />
                Continue with {provider.name}
              </Button>
            ))}
            <p className="flex items-center gap-3 text-xs text-slate-500 uppercase before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
              or with email
            </p>
          </div>
        ) : null}

        <form
          onSubmit={onSubmit}
          noValidate
          className="mt-6 space-y-4"
          aria-label={signingUp ? 'Sign up' : 'Sign in'}
        >
          {signingUp ? (
            <FormField id="auth-name" label="Full Name">
              {(describedBy) => (
                <Input
                  id="auth-name"
                  name="name"
                  autoComplete="name"
                  value={values.name}
                  maxLength={100}
                  disabled={busy}
                  onChange={(event) => update('name')(event.target.value)}
                  aria-describedby={describedBy}
                />
              )}
            </FormField>
          ) : null}
          <FormField id="auth-email" label="Email">
            {(describedBy) => (
              <Input
                id="auth-email"
                name="email"
                type="email"
                autoComplete="email"
                value={values.email}
                disabled={busy}
                onChange={(event) => update('email')(event.target.value)}
                aria-describedby={describedBy}
              />
            )}
          </FormField>
          <FormField
            id="auth-password"
            label="Password"
            hint={signingUp ? 'At least 6 characters' : undefined}
          >
            {(describedBy) => (
              <Input
                id="auth-password"
                name="password"
                type="password"
                autoComplete={signingUp ? 'new-password' : 'current-password'}
                value={values.password}
                disabled={busy}
                onChange={(event) => update('password')(event.target.value)}
                aria-describedby={describedBy}
              />
            )}
          </FormField>
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? (
              <Spinner />
            ) : signingUp ? (
              <UserPlus className="size-4" aria-hidden />
            ) : (
              <LogIn className="size-4" aria-hidden />
            )}
            {signingUp ? 'Create Account' : 'Sign In'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
