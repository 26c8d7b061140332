import { hydrateRoot, type RootOptions } from 'react-dom/client';
import { IslandFrame, type IslandLocation } from './island-frame.tsx';
import { ISLANDS, isIslandName } from './registry.ts';

export type HydrateOptions = Pick<RootOptions, 'onRecoverableError'>;

/**
 * Hydrates every island under `root` (the wrappers island.tsx wrote when prerendering), each as
 * its own React root, with the same tree and `useId` prefix it was rendered with. An island whose
 * name or props cannot be read is left as the static HTML it already is, and said in the console.
 */
export async function hydrateIslands(
  root: ParentNode,
  location: IslandLocation,
  options: HydrateOptions = {},
): Promise<number> {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  const hydrated = await Promise.all(
    elements.map(async (element) => {
      const name = element.dataset.island;
      if (!isIslandName(name)) {
        console.error(`Crawlwise: no island named "${name}"; it stays static.`);
        return false;
      }
      let props: object;
      try {
        props = JSON.parse(element.dataset.props ?? '{}') as object;
      } catch {
        console.error(`Crawlwise: the "${name}" island's props are not JSON; it stays static.`);
        return false;
      }
      const Component = await ISLANDS[name].load();
      hydrateRoot(
        element,
        <IslandFrame location={location}>
          <Component {...props} />
        </IslandFrame>,
        { ...options, identifierPrefix: element.dataset.islandPrefix ?? '' },
      );
      return true;
    }),
  );
  return hydrated.filter(Boolean).length;
}
