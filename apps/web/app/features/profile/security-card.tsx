import '../../lib/zod-jitless.ts';
import {
  firstMessage,
  newPasswordSchema,
  PROFILE_MESSAGES,
  profileNotice,
} from '@crawlwise/shared/accounts';
import { KeyRound, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { changePassword, deleteAccount } from './api/profile-api.ts';

/** Security: the Change Password dialog and Delete my account. */
export function SecurityCard({ onAccountDeleted }: { onAccountDeleted: () => void }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Security</h2>
      <p className="mt-1 text-sm text-slate-600">
        Changing your password signs you out on every other device.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <ChangePasswordDialog />
        <DeleteAccountDialog onDeleted={onAccountDeleted} />
      </div>
    </Card>
  );
}

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [saving, setSaving] = useState(false);
  const update = (field: keyof typeof EMPTY) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setValues(EMPTY);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!values.currentPassword) {
      const notice = PROFILE_MESSAGES.currentPasswordRequired;
      notifyError(notice.title, notice.description);
      return;
    }
    const parsed = newPasswordSchema.safeParse(values);
    if (!parsed.success) {
      const notice = profileNotice(firstMessage(parsed.error));
      notifyError(notice.title, notice.description);
      return;
    }
    setSaving(true);
    const result = await changePassword(values.currentPassword, parsed.data.newPassword);
    setSaving(false);
    if (!result.ok) {
      notifyError(
        PROFILE_MESSAGES.passwordFailed.title,
        result.message ?? PROFILE_MESSAGES.passwordFailed.description,
      );
      return;
    }
    notifySuccess(PROFILE_MESSAGES.passwordSaved.title, PROFILE_MESSAGES.passwordSaved.description);
    onOpenChange(false);
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <KeyRound className="size-4" aria-hidden />
        Change Password
      </Button>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Change Password"
        description="Choose a new password. Other devices are signed out afterwards."
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField id="current-password" label="Current password">
            {(describedBy) => (
              <Input
                id="current-password"
                type="password"
                autoComplete="current-password"
                required
                value={values.currentPassword}
                onChange={(event) => update('currentPassword')(event.target.value)}
                aria-describedby={describedBy}
              />
            )}
          </FormField>
          <FormField id="new-password" label="New password" hint={PROFILE_MESSAGES.passwordHelp}>
            {(describedBy) => (
              <Input
                id="new-password"
                type="password"
                autoComplete="new-password"
                required
                value={values.newPassword}
                onChange={(event) => update('newPassword')(event.target.value)}
                aria-describedby={describedBy}
              />
            )}
          </FormField>
          <FormField id="confirm-password" label="Confirm new password">
            {(describedBy) => (
              <Input
                id="confirm-password"
                type="password"
                autoComplete="new-password"
                required
                value={values.confirmPassword}
                onChange={(event) => update('confirmPassword')(event.target.value)}
                aria-describedby={describedBy}
              />
            )}
          </FormField>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? <Spinner /> : null}
              Update Password
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

function DeleteAccountDialog({ onDeleted }: { onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDeleting(true);
    const result = await deleteAccount(password);
    setDeleting(false);
    if (!result.ok) {
      notifyError(
        PROFILE_MESSAGES.accountDeleteFailed.title,
        result.message ?? PROFILE_MESSAGES.accountDeleteFailed.description,
      );
      return;
    }
    setOpen(false);
    notifySuccess(
      PROFILE_MESSAGES.accountDeleted.title,
      PROFILE_MESSAGES.accountDeleted.description,
    );
    onDeleted();
  };

  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden />
        Delete my account
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setPassword('');
        }}
        title="Delete my account"
        description="This erases your account, your reports and your picture for good, and signs you out everywhere. It cannot be undone."
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField
            id="delete-password"
            label="Your password"
            hint="Signed in with Google or single sign-on in the last 15 minutes? Leave it empty."
          >
            {(describedBy) => (
              <Input
                id="delete-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-describedby={describedBy}
              />
            )}
          </FormField>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)} disabled={deleting}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={deleting}>
              {deleting ? <Spinner /> : null}
              Delete everything
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
