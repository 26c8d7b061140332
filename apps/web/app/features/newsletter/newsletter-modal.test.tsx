import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '../../test/render.tsx';
import { NewsletterPrompt } from './newsletter-modal.tsx';

/** Opens the prompt (15 s after results) on fake time, then returns to real time for typing. */
async function openPrompt(url = '/report?token=t&utm_source=news&utm_campaign=spring') {
  vi.useFakeTimers();
  renderRoute(<NewsletterPrompt active urlId="u1" reportId="r1" />, { path: '/report', url });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(15_000);
  });
  vi.useRealTimers();
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  const user = userEvent.setup();
  return {
    user,
    input: screen.getByLabelText('Email address'),
    subscribe: () => user.click(screen.getByRole('button', { name: 'Subscribe' })),
  };
}

describe('NewsletterPrompt', () => {
  it('refuses an address without @', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { user, input, subscribe } = await openPrompt();
    await user.type(input, 'nope');
    await subscribe();
    expect(await screen.findByText('Invalid Email')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the lead with report ids, empty honeypot and UTM values, then closes', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ ok: true, message: 'Subscribed' }));
    vi.stubGlobal('fetch', fetchMock);
    const { user, input, subscribe } = await openPrompt();
    await user.type(input, ' reader@example.com ');
    await subscribe();

    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(
      screen.getByText("You're subscribed! Stay tuned for SEO tips and updates."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/leads');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'reader@example.com',
      urlId: 'u1',
      reportId: 'r1',
      honeypot: '',
      utm_source: 'news',
      utm_medium: null,
      utm_campaign: 'spring',
      utm_term: null,
      utm_content: null,
    });
  });

  it('says so when the address is already subscribed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ok: false, error: 'duplicate_email' }, 409)),
    );
    const { user, input, subscribe } = await openPrompt();
    await user.type(input, 'reader@example.com');
    await subscribe();
    expect(await screen.findByText('Already Subscribed')).toBeInTheDocument();
  });

  it('shows the default failure text when the server gives no reason', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Bad gateway', { status: 500 })),
    );
    const { user, input, subscribe } = await openPrompt();
    await user.type(input, 'reader@example.com');
    await subscribe();
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to save your email. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
