import type { AvatarResponse, ProfileResponse } from '@crawlwise/shared/api/accounts';
import type { MyReportsResponse } from '@crawlwise/shared/api/reports';
import { authRequest } from '../../../lib/auth-request.ts';

/** One row of "My SEO Reports" (GET /api/me/reports). */
export type { MyReport as HistoryReport } from '@crawlwise/shared/api/reports';

export function fetchReportPage(offset: number, signal?: AbortSignal) {
  return authRequest<MyReportsResponse>(
    `/api/me/reports?offset=${offset}`,
    signal ? { signal } : {},
  );
}

export function deleteReport(accessToken: string) {
  return authRequest<{ ok: true }>(`/api/reports/${encodeURIComponent(accessToken)}`, {
    method: 'DELETE',
  });
}

export function updateDisplayName(fullName: string) {
  return authRequest<ProfileResponse>('/api/me/profile', {
    method: 'PATCH',
    body: { fullName },
  });
}

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return authRequest<AvatarResponse>('/api/me/avatar', { form });
}

/** Other sessions are signed out by the server whatever the client asks (issue 7). */
export function changePassword(currentPassword: string, newPassword: string) {
  return authRequest<{ token: string | null }>('/api/auth/change-password', {
    body: { currentPassword, newPassword, revokeOtherSessions: true },
  });
}

/** The password, or none from a session started in the last 15 minutes. */
export function deleteAccount(password: string) {
  return authRequest<{ success: boolean }>('/api/auth/delete-user', {
    body: password ? { password } : {},
  });
}
