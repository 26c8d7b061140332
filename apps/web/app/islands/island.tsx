import { type ComponentType, createContext, type ReactElement, useContext, useId } from 'react';
import { useLocation } from 'react-router';
import { IslandFrame } from './island-frame.tsx';
import type { IslandName } from './registry.ts';

/**
 * Renders an element as its own React root to HTML. Only the build's prerender provides it
 * (entry.server.tsx), so the browser bundle never carries React's server renderer.
 */
export type RenderIslandToString = (element: ReactElement, identifierPrefix: string) => string;

export const IslandRendererContext = createContext<RenderIslandToString | null>(null);

export interface IslandProps<P> {
  /** The registry entry the browser hydrates this island with (registry.ts). */
  name: IslandName;
  /** The same component, rendered here; the registry loads it in the browser. */
  component: ComponentType<P>;
  /** Sent to the browser as JSON, so only plain data. */
  props: P;
  /** A `<span>` wrapper instead of a `<div>`, for phrasing content (inside a heading). */
  inline?: boolean;
}

/**
 * An interactive part of a page. Prerendered marketing pages are static HTML that load no router
 * and no page code: only their islands are hydrated, each as its own small React root
 * (islands/main.tsx). Here, when prerendering, the island is rendered as a separate root too —
 * the same tree the browser will hydrate, with the same `useId` prefix — into a wrapper that
 * names it and carries its props. Everywhere else (the single-page app) it is just the component.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  inline = false,
}: IslandProps<P>) {
  const renderToString = useContext(IslandRendererContext);
  const { pathname, search, hash } = useLocation();
  const id = useId();
  if (!renderToString) return <Component {...props} />;
  const prefix = `i${id.replace(/[^A-Za-z0-9]/g, '')}-`;
  const html = renderToString(
    <IslandFrame location={{ pathname, search, hash }}>
      <Component {...props} />
    </IslandFrame>,
    prefix,
  );
  const Wrapper = inline ? 'span' : 'div';
  return (
    <Wrapper
      className="contents"
      data-island={name}
      data-island-prefix={prefix}
      data-props={JSON.stringify(props)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own render of the island
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
