import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '../../test/render.tsx';
import { PartnerForm } from './partner-form.tsx';

describe('PartnerForm', () => {
  it('requires an email', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoute(<PartnerForm />);
    await user.click(screen.getByRole('button', { name: 'Join the Partner Waitlist' }));
    expect(await screen.findByText('Email required')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('joins the waitlist', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ ok: true }, 201));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoute(<PartnerForm />);
    await user.type(screen.getByLabelText('Email address'), 'p@agency.com');
    await user.click(screen.getByRole('button', { name: 'Join the Partner Waitlist' }));
    expect(await screen.findByText('Thanks for your interest!')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/partner-waitlist',
      expect.objectContaining({ body: JSON.stringify({ email: 'p@agency.com' }) }),
    );
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });
});
