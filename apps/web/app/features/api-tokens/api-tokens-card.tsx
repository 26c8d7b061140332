import '../../lib/zod-jitless.ts';
import {
  API_TOKEN_NAME_MAX,
  type ApiTokenScope,
  type ApiTokenView,
  createTokenBodySchema,
} from '@crawlwise/shared/api/tokens';
import { KeyRound, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { CodeSnippet } from '../../components/ui/copy-button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { asApiResult } from '../../lib/auth-result.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { createToken, listTokens, revokeToken } from './api/token-api.ts';

/**
 * The profile's "API tokens" (docs/api.md › Tokens): create a read or write token for scripts
 * and agents (its secret is shown here once), see when each was last used, revoke one.
 */
export function ApiTokensCard() {
  const query = useApiQuery(async (signal) => asApiResult(await listTokens(signal)), []);
  // A created token shows and a revoked one goes at once; the refetch that follows each then
  // confirms the list from the server.
  const [added, setAdded] = useState<ApiTokenView[]>([]);
  const [revoked, setRevoked] = useState<ReadonlySet<string>>(new Set());
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const failed = query.status === 'error';
  const tokens =
    query.status === 'success'
      ? [
          ...query.data.tokens,
          ...added.filter((token) => !query.data.tokens.some((each) => each.id === token.id)),
        ].filter((token) => !revoked.has(token.id))
      : null;

  const revoke = async (token: ApiTokenView) => {
    setRevoking(token.id);
    const result = await revokeToken(token.id);
    setRevoking(null);
    if (!result.ok && result.code !== 'token_not_found') {
      notifyError('Could not revoke the token', result.message ?? 'Please try again.');
      return;
    }
    setRevoked((current) => new Set(current).add(token.id));
    query.refetch();
    if (secret?.name === token.name) setSecret(null);
    notifySuccess('Token revoked', `“${token.name}” no longer works.`);
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">API tokens</h2>
      <p className="mt-1 text-sm text-slate-600">
        For scripts and coding agents: send a token as <code>Authorization: Bearer …</code> to the
        API or to the MCP server at <code>/mcp</code>. A read token reads your reports and checks; a
        write token also starts them. No token can change your account.
      </p>
      <CreateTokenForm
        onCreated={(token, value) => {
          setAdded((list) => [...list, token]);
          setSecret({ name: token.name, value });
          query.refetch();
        }}
      />
      {secret ? (
        <div className="mt-4" role="status">
          <p className="text-sm font-medium text-slate-900">
            Copy the secret of “{secret.name}” now: it is not shown again.
          </p>
          <CodeSnippet code={secret.value} label="Secret" />
        </div>
      ) : null}
      {failed ? (
        <p className="mt-4 text-slate-600">Your tokens could not be loaded. Reload to try again.</p>
      ) : tokens === null ? (
        <div className="mt-4 h-12 animate-pulse rounded-xl bg-slate-100" aria-hidden />
      ) : tokens.length === 0 ? (
        <p className="mt-4 text-slate-600">No tokens yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {tokens.map((token) => (
            <li key={token.id} className="flex items-center gap-3 py-3" data-testid="token-row">
              <KeyRound className="size-4 shrink-0 text-slate-500" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="font-medium wrap-anywhere text-slate-900">{token.name}</p>
                <p className="text-sm text-slate-600">
                  {token.scope === 'write' ? 'Read and write' : 'Read only'} · created{' '}
                  {when(token.createdAt)} ·{' '}
                  {token.lastUsedAt ? `last used ${when(token.lastUsedAt)}` : 'never used'}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void revoke(token)}
                disabled={revoking === token.id}
                aria-label={`Revoke the token ${token.name}`}
              >
                <Trash2 className="size-4" aria-hidden />
                <span className="hidden sm:inline">Revoke</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function CreateTokenForm({
  onCreated,
}: {
  onCreated: (token: ApiTokenView, secret: string) => void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = createTokenBodySchema.safeParse({ name, scope });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Name the token.');
      return;
    }
    setError(null);
    setSaving(true);
    const result = await createToken(parsed.data);
    setSaving(false);
    if (!result.ok) {
      notifyError('Could not create the token', result.message ?? 'Please try again.');
      return;
    }
    setName('');
    onCreated(result.data.token, result.data.secret);
  };

  return (
    <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
      <div className="min-w-48 flex-1">
        <FormField id={`${id}-name`} label="Token name" error={error ?? undefined}>
          {(describedBy) => (
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={API_TOKEN_NAME_MAX}
              placeholder="CI checks"
              invalid={error !== null}
              aria-describedby={describedBy}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
      </div>
      <fieldset className="flex items-center gap-4 pb-2">
        <legend className="sr-only">Scope</legend>
        {(['read', 'write'] as const).map((each) => (
          <label key={each} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`${id}-scope`}
              value={each}
              checked={scope === each}
              onChange={() => setScope(each)}
            />
            {each === 'read' ? 'Read' : 'Read and write'}
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={saving}>
        Create token
      </Button>
    </form>
  );
}

function when(instant: string): string {
  return new Date(instant).toLocaleDateString(undefined, { dateStyle: 'medium' });
}
