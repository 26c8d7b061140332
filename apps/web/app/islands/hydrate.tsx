import { type ReactNode, useEffect } from 'react';
import { hydrateRoot, type RootOptions } from 'react-dom/client';
import { IslandFrame, type IslandLocation } from './island-frame.tsx';
import { ISLANDS, isIslandName } from './registry.ts';

export interface HydrateOptions extends Pick<RootOptions, 'onRecoverableError'> {
  /** Called once every island has been hydrated and committed (hydrateRoot returns before). */
  onCommitted?: () => void;
}

/**
 * Hydrates every island under `root` (the wrappers island.tsx wrote when prerendering), each as
 * its own React root, with the same tree and `useId` prefix it was rendered with. An island whose
 * name or props cannot be read is left as the static HTML it already is, and said in the console.
 */
export async function hydrateIslands(
  root: ParentNode,
  location: IslandLocation,
  { onCommitted, ...options }: HydrateOptions = {},
): Promise<number> {
  const committed: Promise<void>[] = [];
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
      let resolve = () => {};
      committed.push(new Promise<void>((settle) => (resolve = settle)));
      hydrateRoot(
        element,
        <IslandFrame location={location}>
          <OnCommit done={resolve}>
            <Component {...props} />
          </OnCommit>
        </IslandFrame>,
        { ...options, identifierPrefix: element.dataset.islandPrefix ?? '' },
      );
      return true;
    }),
  );
  void Promise.all(committed).then(onCommitted);
  return hydrated.filter(Boolean).length;
}

/** Calls `done` once its subtree has been hydrated and committed (effects run after commit). */
function OnCommit({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done]);
  return children;
}
