import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '../../test/render.tsx';
import { UrlBar } from './url-bar.tsx';

const setup = () => {
  const user = userEvent.setup();
  renderRoute(<UrlBar />);
  return {
    user,
    input: screen.getByLabelText('Website URL'),
    button: screen.getByRole('button', { name: /run free check/i }),
  };
};

describe('UrlBar', () => {
  it('shows the validation message and does not call the API', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { user, input, button } = setup();

    await user.click(button);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a website URL');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.type(input, 'not a site');
    await user.click(button);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter a valid website (e.g., example.com)',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears the error state as soon as the user types', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { user, input, button } = setup();
    await user.click(button);
    expect(screen.getByRole('alert')).toBeInTheDocument();

    await user.type(input, 'e');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('posts the normalized address, disables the input meanwhile, then opens the report', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user, input, button } = setup();

    await user.type(input, 'Website: example.com/pricing');
    await user.click(button);

    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: /analyzing/i })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/reports',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ url: 'https://example.com/pricing' }),
      }),
    );

    answer(jsonResponse({ ok: true, accessToken: 'tok 1' }, 201));
    expect(await screen.findByTestId('location')).toHaveTextContent('/report?token=tok%201');
  });

  it('shows the catalogue action under the input and a toast with title and description', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ok: false, error: 'http_error_403' }, 422)),
    );
    const { user, input, button } = setup();
    await user.type(input, 'example.com');
    await user.click(button);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Allow the CrawlwiseBot user agent in your firewall or bot protection, then try again.',
    );
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText('The site refused our crawler (403).')).toBeInTheDocument();
    expect(input).not.toBeDisabled();
  });

  it('says under the input what the page answered, with what to do (issue 27)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            ok: false,
            error: 'http_error_500',
            message: 'The server answered HTTP 500 Internal Server Error.',
          },
          422,
        ),
      ),
    );
    const { user, input, button } = setup();
    await user.type(input, 'example.com');
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server answered HTTP 500 Internal Server Error. Check your server logs, then try again.',
    );
  });

  it('shows the description when the code has no action, and unknown codes as unknown_error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ok: false, error: 'weird' }, 500)),
    );
    const { user, input, button } = setup();
    await user.type(input, 'example.com');
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something unexpected happened. Please try again.',
    );
  });

  it('maps a failed connection to network_error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { user, input, button } = setup();
    await user.type(input, 'example.com');
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Check your internet connection and try again.',
    );
    expect(await screen.findByText('Connection Problem')).toBeInTheDocument();
  });

  it('warns when the daily limit is close, and still opens the report', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ok: true, accessToken: 'abc', rate_limit_soft: true }, 201)),
    );
    const { user, input, button } = setup();
    await user.type(input, 'example.com');
    await user.click(button);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/report?token=abc'),
    );
    expect(await screen.findByText('Approaching Limit')).toBeInTheDocument();
  });
});
