import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from './toaster.tsx';

describe('Toaster', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('says "Email confirmed" when the confirmation link lands, and drops the flag (issue 27)', async () => {
    window.history.replaceState(null, '', '/report?token=abc&emailConfirmed=1');
    render(<Toaster />);
    expect(await screen.findByText('Email confirmed')).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/report?token=abc');
  });

  it('says nothing when the link failed (an expired token lands with an error)', async () => {
    window.history.replaceState(null, '', '/?emailConfirmed=1&error=TOKEN_EXPIRED');
    render(<Toaster />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Email confirmed')).toBeNull();
    expect(window.location.search).toBe('?error=TOKEN_EXPIRED');
  });
});
