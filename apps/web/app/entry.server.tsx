import { renderToReadableStream, renderToString } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';
import { IslandRendererContext, type RenderIslandToString } from './islands/island.tsx';

/** Each island of a prerendered page is its own root, rendered with the prefix it hydrates with. */
const renderIsland: RenderIslandToString = (element, identifierPrefix) =>
  renderToString(element, { identifierPrefix });

/**
 * Used only at build time (ssr is off): prerenders each marketing page and the SPA fallback.
 * Marketing pages are rendered with islands (islands/island.tsx); the SPA fallback is the app.
 * It waits for the whole document, because a static file cannot be streamed later.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <IslandRendererContext.Provider value={routerContext.isSpaMode ? null : renderIsland}>
      <ServerRouter context={routerContext} url={request.url} />
    </IslandRendererContext.Provider>,
    {
      signal: request.signal,
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    },
  );
  await body.allReady;
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(body, { headers: responseHeaders, status });
}
