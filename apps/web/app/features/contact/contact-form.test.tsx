import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '../../test/render.tsx';
import { ContactForm } from './contact-form.tsx';

const setup = () => {
  const user = userEvent.setup();
  renderRoute(<ContactForm />);
  const fill = async (label: string, text: string) => {
    const field = screen.getByLabelText(label, { exact: false });
    await user.clear(field);
    await user.click(field);
    await user.paste(text);
  };
  const send = () => user.click(screen.getByRole('button', { name: /send message/i }));
  return { user, fill, send };
};

describe('ContactForm', () => {
  it('shows the spec messages next to each field and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { fill, send } = setup();

    await fill('Website', 'not a url');
    await send();
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Must be a valid URL')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await fill('Name', 'n'.repeat(101));
    await fill('Message', 'm'.repeat(1001));
    await send();
    expect(await screen.findByText('Name must be less than 100 characters')).toBeInTheDocument();
    expect(screen.getByText('Message must be less than 1000 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears a field message when that field changes', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { fill, send } = setup();
    await send();
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await fill('Name', 'Ada');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
  });

  it('posts the trimmed message, confirms and resets the form', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ ok: true }, 201));
    vi.stubGlobal('fetch', fetchMock);
    const { fill, send } = setup();
    await fill('Name', '  Ada Lovelace ');
    await fill('Email', ' ada@example.com ');
    await fill('Message', ' My score looks off. ');
    await send();

    expect(await screen.findByText('Message sent!')).toBeInTheDocument();
    expect(screen.getByText("We'll get back to you within 24 hours.")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/contact',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          message: 'My score looks off.',
        }),
      }),
    );
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('shows the catalogue entry when the API refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ok: false, error: 'too_many_requests' }, 429)),
    );
    const { fill, send } = setup();
    await fill('Name', 'Ada');
    await fill('Email', 'ada@example.com');
    await fill('Website', 'https://example.com');
    await fill('Message', 'Hello');
    await send();
    expect(await screen.findByText('Too Many Requests')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
  });
});
