import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RotatingWordIsland } from '../components/rotating-word.tsx';
import { AccordionIsland } from '../components/ui/accordion.tsx';
import { SiteHeader } from '../features/layout/site-header.tsx';
import { PRICING_FAQ } from '../features/marketing/pricing-plans.ts';
import { UrlBarIsland } from '../features/url-bar/url-bar.tsx';
import { hydrateIslands } from './hydrate.tsx';
import { IslandRendererContext, type RenderIslandToString } from './island.tsx';

const renderIsland: RenderIslandToString = (element, identifierPrefix) =>
  renderToString(element, { identifierPrefix });

/** What the build's prerender does with a page: the whole page to HTML, islands as own roots. */
function prerender(page: ReactNode, path = '/'): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <IslandRendererContext.Provider value={renderIsland}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </IslandRendererContext.Provider>,
  );
  document.body.append(container);
  return container;
}

const PAGE = (
  <>
    <SiteHeader account={null} />
    <h1>
      Your SEO <RotatingWordIsland />
    </h1>
    <UrlBarIsland />
    <AccordionIsland items={PRICING_FAQ} />
  </>
);

// React's act() outside Testing Library's render needs to be told it runs in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('islands of a prerendered page', () => {
  it('are marked with their name, a useId prefix and their props as JSON', () => {
    const page = prerender(PAGE);
    const islands = [...page.querySelectorAll<HTMLElement>('[data-island]')];
    expect(islands.map((island) => island.dataset.island)).toEqual([
      'mobile-nav',
      'rotating-word',
      'url-bar',
      'accordion',
    ]);
    expect(new Set(islands.map((island) => island.dataset.islandPrefix)).size).toBe(4);
    expect(JSON.parse(islands[3]?.dataset.props ?? '')).toEqual({ items: PRICING_FAQ });
    // Inside a heading the wrapper is phrasing content.
    expect(page.querySelector('h1 [data-island]')?.tagName).toBe('SPAN');
  });

  it('hydrate without a mismatch, and then work', async () => {
    const page = prerender(PAGE);
    const consoleError = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    let hydrated = 0;
    const committed = vi.fn();
    await act(async () => {
      hydrated = await hydrateIslands(
        page,
        { pathname: '/', search: '', hash: '' },
        { onRecoverableError: recoverable, onCommitted: committed },
      );
    });
    expect(hydrated).toBe(4);
    // Said once, after every island committed: what the page's data-hydrated mark waits on.
    await vi.waitFor(() => expect(committed).toHaveBeenCalledTimes(1));
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();

    // The URL bar's label still names its input (the ids rendered and hydrated agree).
    expect(screen.getByRole('textbox', { name: /website url|address|url/i })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    const question = screen.getByRole('button', { name: PRICING_FAQ[0]?.question });
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(question.getAttribute('aria-controls') ?? '')).toBeVisible();
  });

  it('the check above would catch ids that differ from the prerendered ones', async () => {
    const page = prerender(<UrlBarIsland />);
    const island = page.querySelector<HTMLElement>('[data-island]');
    if (!island) throw new Error('no island');
    island.dataset.islandPrefix = 'other-';
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      await hydrateIslands(page, { pathname: '/', search: '', hash: '' });
    });
    expect(consoleError).toHaveBeenCalled();
  });

  it('an island whose name is unknown stays static and says so', async () => {
    const page = prerender(<UrlBarIsland />);
    page.querySelector<HTMLElement>('[data-island]')?.setAttribute('data-island', 'nope');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    let hydrated = -1;
    await act(async () => {
      hydrated = await hydrateIslands(page, { pathname: '/', search: '', hash: '' });
    });
    expect(hydrated).toBe(0);
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('no island named "nope"'));
  });
});

describe('islands in the single-page app', () => {
  it('are just their component, with no wrapper', () => {
    const { container } = render(
      <MemoryRouter>
        <UrlBarIsland />
      </MemoryRouter>,
    );
    expect(container.querySelector('[data-island]')).toBeNull();
    expect(container.querySelector('form')).not.toBeNull();
  });
});
