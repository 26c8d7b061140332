import { authRequest } from '../../auth/api/auth-request.ts';

/** One row of "My SEO Reports" (GET /api/me/reports). */
export interface HistoryReport {
  id: string;
  url: string;
  score: number | null;
  status: string;
  created_at: string;
  access_token: string;
}

export interface HistoryPage {
  reports: HistoryReport[];
  total: number;
}

export function fetchReportPage(offset: number) {
  return authRequest<HistoryPage>(`/api/me/reports?offset=${offset}`);
}

export function deleteReport(accessToken: string) {
  return authRequest<{ ok: true }>(`/api/reports/${encodeURIComponent(accessToken)}`, {
    method: 'DELETE',
  });
}

export function updateDisplayName(fullName: string) {
  return authRequest<{ profile: { fullName: string } }>('/api/me/profile', {
    method: 'PATCH',
    body: { fullName },
  });
}

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return authRequest<{ avatarUrl: string }>('/api/me/avatar', { form });
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
