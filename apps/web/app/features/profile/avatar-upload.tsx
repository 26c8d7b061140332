import { AVATAR_MESSAGES } from '@crawlwise/shared/accounts';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@crawlwise/shared/limits';
import { Camera } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { uploadAvatar } from './api/profile-api.ts';

export interface ProfileUser {
  name: string;
  email: string;
  avatarSrc: string | null;
  initial: string;
}

/**
 * The avatar block: picture (or initial), name, email and the upload control. Type and size are
 * checked here first, with the spec's messages; the server checks them again by the file's bytes.
 */
export function AvatarUpload({ user, onUploaded }: { user: ProfileUser; onUploaded: () => void }) {
  const [uploading, setUploading] = useState(false);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      notifyError(AVATAR_MESSAGES.invalidType.title, AVATAR_MESSAGES.invalidType.description);
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      notifyError(AVATAR_MESSAGES.tooLarge.title, AVATAR_MESSAGES.tooLarge.description);
      return;
    }
    setUploading(true);
    const result = await uploadAvatar(file);
    setUploading(false);
    if (!result.ok) {
      const notice =
        result.status === 413
          ? AVATAR_MESSAGES.tooLarge
          : result.status === 415
            ? AVATAR_MESSAGES.invalidType
            : {
                title: AVATAR_MESSAGES.failed.title,
                description: result.message ?? AVATAR_MESSAGES.failed.description,
              };
      notifyError(notice.title, notice.description);
      return;
    }
    notifySuccess(AVATAR_MESSAGES.saved.title, AVATAR_MESSAGES.saved.description);
    onUploaded();
  };

  return (
    <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
      <div className="relative">
        <Avatar src={user.avatarSrc} fallback={user.initial} className="size-20 text-2xl" />
        {uploading ? (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-white/70">
            <Spinner label="Uploading" className="size-6 text-brand-700" />
          </span>
        ) : null}
      </div>
      <div className="min-w-0">
        <p className="truncate text-xl font-semibold text-slate-900">{user.name}</p>
        <p className="truncate text-slate-600">{user.email}</p>
        <label
          htmlFor={inputId}
          className={cn(
            'mt-3 inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-600',
            uploading && 'pointer-events-none opacity-50',
          )}
        >
          <Camera className="size-4" aria-hidden />
          Change picture
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            className="sr-only"
            disabled={uploading}
            onChange={onChange}
          />
        </label>
        <p className="mt-1 text-xs text-slate-500">JPG, PNG or WEBP, up to 2MB</p>
      </div>
    </div>
  );
}
