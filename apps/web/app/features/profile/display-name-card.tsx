import '../../lib/zod-jitless.ts';
import {
  ACCOUNT_LIMITS,
  displayNameSchema,
  firstMessage,
  PROFILE_MESSAGES,
  profileNotice,
} from '@crawlwise/shared/accounts';
import { Pencil } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { updateDisplayName } from './api/profile-api.ts';

/** Profile Information: the display name with Edit, Save and Cancel, and the email. */
export function DisplayNameCard({
  name,
  email,
  onSaved,
}: {
  name: string;
  email: string;
  onSaved: () => Promise<void>;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [saving, setSaving] = useState(false);

  const cancel = () => {
    setValue(name);
    setEditing(false);
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = displayNameSchema.safeParse(value);
    if (!parsed.success) {
      const notice = profileNotice(firstMessage(parsed.error), PROFILE_MESSAGES.nameInvalid.title);
      notifyError(notice.title, notice.description);
      return;
    }
    setSaving(true);
    const result = await updateDisplayName(parsed.data);
    if (!result.ok) {
      setSaving(false);
      notifyError(
        PROFILE_MESSAGES.nameFailed.title,
        result.message ?? PROFILE_MESSAGES.nameFailed.description,
      );
      return;
    }
    await onSaved();
    setSaving(false);
    setEditing(false);
    setValue(parsed.data);
    notifySuccess(PROFILE_MESSAGES.nameSaved.title, PROFILE_MESSAGES.nameSaved.description);
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Profile Information</h2>
      <dl className="mt-4 space-y-4">
        <div>
          <dt className="text-sm font-medium text-slate-600">
            {editing ? <label htmlFor="display-name">Display Name</label> : 'Display Name'}
          </dt>
          <dd className="mt-1">
            {editing ? (
              <form onSubmit={save} noValidate className="flex flex-wrap gap-2">
                <Input
                  id="display-name"
                  value={value}
                  maxLength={ACCOUNT_LIMITS.displayNameMax}
                  autoComplete="name"
                  autoFocus
                  onChange={(event) => setValue(event.target.value)}
                  className="max-w-xs flex-1"
                />
                <Button type="submit" disabled={saving}>
                  {saving ? <Spinner /> : null}
                  Save
                </Button>
                <Button variant="outline" onClick={cancel} disabled={saving}>
                  Cancel
                </Button>
              </form>
            ) : (
              <div className="flex items-center gap-3">
                <span className={name.trim() ? 'text-slate-900' : 'text-slate-500 italic'}>
                  {name.trim() || PROFILE_MESSAGES.notSet}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setValue(name);
                    setEditing(true);
                  }}
                >
                  <Pencil className="size-4" aria-hidden />
                  Edit
                </Button>
              </div>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">Email</dt>
          <dd className="mt-1 break-all text-slate-900">{email}</dd>
        </div>
      </dl>
    </Card>
  );
}
