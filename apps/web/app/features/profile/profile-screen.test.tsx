import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { jsonResponse, renderRoute } from '../../test/render.tsx';
import type { HistoryReport } from './api/profile-api.ts';
import { ProfileScreen } from './profile-screen.tsx';
import { reportStats } from './use-report-history.ts';

const USER = {
  name: 'Ada Lovelace',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  avatarSrc: null,
  initial: 'A',
  memberSince: '2026-01-15T10:00:00.000Z',
};

const report = (index: number, overrides: Partial<HistoryReport> = {}): HistoryReport => ({
  id: `id-${index}`,
  url: `https://example.com/page-${index}`,
  score: 60 + index,
  status: 'completed',
  created_at: new Date(Date.now() - (index + 1) * 60 * 60 * 1000).toISOString(),
  completed_at: null,
  access_token: `token-${index}`,
  ...overrides,
});

function setup(props: Partial<Parameters<typeof ProfileScreen>[0]> = {}) {
  const user = userEvent.setup();
  const refreshUser = vi.fn(async () => {});
  const onAccountDeleted = vi.fn();
  renderRoute(
    <ProfileScreen
      user={USER}
      refreshUser={refreshUser}
      onAccountDeleted={onAccountDeleted}
      {...props}
    />,
    { path: '/profile' },
  );
  return { user, refreshUser, onAccountDeleted };
}

describe('ProfileScreen', () => {
  it('shows three skeletons while loading, then the empty state', async () => {
    let answer: (response: Response) => void = () => {};
    fakeApi({
      'GET /api/me/reports': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    setup();
    expect(screen.getByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getAllByTestId('report-skeleton')).toHaveLength(3);
    answer(jsonResponse({ ok: true, reports: [], total: 0 }));
    expect(await screen.findByText('No reports yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        "You haven't run any SEO analyses yet. Start by analyzing your first website!",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Run Your First Test' })).toHaveAttribute(
      'href',
      '/run-a-test',
    );
    // Stat cards with nothing loaded.
    expect(screen.getAllByText('N/A')).toHaveLength(2);
  });

  it('lists rows that open the report, with score or N/A, time and status; Load More appends', async () => {
    const first = Array.from({ length: 10 }, (_, index) => report(index));
    first[1] = report(1, { score: null, status: 'queued' });
    const api = fakeApi({
      'GET /api/me/reports?offset=0': { ok: true, reports: first, total: 12 },
      'GET /api/me/reports?offset=10': { ok: true, reports: [report(10), report(11)], total: 12 },
    });
    const { user } = setup();
    const row = (await screen.findByText('https://example.com/page-0')).closest('a');
    expect(row).toHaveAttribute('href', '/report?token=token-0');
    expect(within(row as HTMLElement).getByText('Score: 60')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('1 hour ago')).toBeInTheDocument();
    const queued = screen.getByText('https://example.com/page-1').closest('a') as HTMLElement;
    expect(within(queued).getByText('N/A')).toBeInTheDocument();
    expect(within(queued).getByText('queued')).toHaveClass('bg-blue-100');

    // Stats over the loaded completed reports: 60, 62..69 → average 65, best 69.
    expect(screen.getByText('Total Reports').nextSibling).toHaveTextContent('10');
    expect(screen.getByText('Average Score').nextSibling).toHaveTextContent('65');
    expect(screen.getByText('Best Score').nextSibling).toHaveTextContent('69');

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('https://example.com/page-11')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.url)).toEqual([
      '/api/me/reports?offset=0',
      '/api/me/reports?offset=10',
    ]);
  });

  it('deletes a report only after confirming', async () => {
    const api = fakeApi({
      'GET /api/me/reports': { ok: true, reports: [report(0), report(1)], total: 2 },
      'DELETE /api/reports/token-1': { ok: true },
    });
    const { user } = setup();
    await user.click(
      await screen.findByRole('button', { name: 'Delete report for https://example.com/page-1' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this report?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(
      screen.getByRole('button', { name: 'Delete report for https://example.com/page-1' }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByText('https://example.com/page-1')).not.toBeInTheDocument(),
    );
    expect(screen.getByText('https://example.com/page-0')).toBeInTheDocument();
    expect(await screen.findByText('Report deleted')).toBeInTheDocument();
  });

  it('edits the display name: Cancel resets, a short name is refused, Save stores it', async () => {
    const api = fakeApi({
      'GET /api/me/reports': { ok: true, reports: [], total: 0 },
      'PATCH /api/me/profile': { ok: true, profile: { fullName: 'Grace' } },
    });
    const { user, refreshUser } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByLabelText('Display Name');
    expect(input).toHaveAttribute('maxLength', '50');
    await user.clear(input);
    await user.type(input, 'Someone else');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Ada Lovelace', { selector: 'span' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Display Name'));
    await user.type(screen.getByLabelText('Display Name'), ' G ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid name')).toBeInTheDocument();
    expect(screen.getByText('Name must be at least 2 characters')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Display Name'));
    await user.type(screen.getByLabelText('Display Name'), '  Grace  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Display name updated')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ fullName: 'Grace' });
    expect(refreshUser).toHaveBeenCalled();
  });

  it('shows Not set when there is no name', () => {
    fakeApi({ 'GET /api/me/reports': { ok: true, reports: [], total: 0 } });
    setup({ user: { ...USER, fullName: '' } });
    expect(screen.getByText('Not set')).toBeInTheDocument();
  });

  it('changes the password in a dialog: mismatch refused, success clears and closes', async () => {
    const api = fakeApi({
      'GET /api/me/reports': { ok: true, reports: [], total: 0 },
      'POST /api/auth/change-password': { token: 'new', user: {} },
    });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Password' });
    expect(within(dialog).getByText('Must be at least 8 characters')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Current password'), 'old-password');
    await user.type(within(dialog).getByLabelText('New password'), 'new-password');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'new-passw0rd');
    await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('Please make sure both passwords are identical')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Confirm new password'));
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'new-password');
    await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
    expect(
      await screen.findByText('Your password has been changed successfully'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.at(-1)?.body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password',
      revokeOtherSessions: true,
    });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('checks a picture’s type and size before uploading it', async () => {
    const api = fakeApi({ 'GET /api/me/reports': { ok: true, reports: [], total: 0 } });
    const user = userEvent.setup({ applyAccept: false });
    renderRoute(
      <ProfileScreen user={USER} refreshUser={async () => {}} onAccountDeleted={() => {}} />,
      {
        path: '/profile',
      },
    );
    const input = screen.getByLabelText('Change picture');
    await user.upload(input, new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('Please upload a JPG, PNG, or WEBP image')).toBeInTheDocument();
    await user.upload(
      input,
      new File([new Uint8Array(2_097_153)], 'big.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(api.calls.some((call) => call.url === '/api/me/avatar')).toBe(false);
  });

  it('deletes the account after confirming with the password', async () => {
    const api = fakeApi({
      'GET /api/me/reports': { ok: true, reports: [], total: 0 },
      'POST /api/auth/delete-user': { success: true },
    });
    const { user, onAccountDeleted } = setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete my account' });
    await user.type(within(dialog).getByLabelText('Your password'), 'secret-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete everything' }));
    await waitFor(() => expect(onAccountDeleted).toHaveBeenCalled());
    expect(api.calls.at(-1)?.body).toEqual({ password: 'secret-password' });
  });
});

describe('reportStats', () => {
  it('averages and maximises completed scores only, over what is loaded', () => {
    expect(reportStats([])).toEqual({ total: 0, average: null, best: null });
    expect(
      reportStats([
        report(0, { score: 71 }),
        report(1, { score: 80 }),
        report(2, { status: 'failed', score: 0 }),
      ]),
    ).toEqual({ total: 3, average: 76, best: 80 });
  });
});
