import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { MobileNav } from './mobile-nav.tsx';

describe('MobileNav (small screens)', () => {
  it('opens the main links from a menu button and closes when one is followed', async () => {
    const user = userEvent.setup();
    renderRoute(<MobileNav />, { path: '/' });
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const links = screen.getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['Home', 'Features', 'Pricing', 'Contact', 'How It Works']);
    // Focus lands on the first link.
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/pricing');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the open menu, and Escape gives focus back to the button', async () => {
    const user = userEvent.setup();
    renderRoute(<MobileNav />, { path: '/' });
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    const close = screen.getByRole('button', { name: 'Close menu' });

    // From the last item Tab wraps to the first, and Shift+Tab from the first to the last.
    close.focus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes from its own Close button', async () => {
    const user = userEvent.setup();
    renderRoute(<MobileNav />, { path: '/' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
