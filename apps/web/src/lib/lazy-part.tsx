import { createContext, lazy, use, useState, type ComponentType } from 'react';

/**
 * Code-split parts of the app (pages, and the parts of a page that load after its first render)
 * that can be loaded ahead of a render. A part whose code has been loaded renders at once instead
 * of suspending, so the app's first render over a page the server wrote (prerendered or rendered
 * with its data, decisions 034 and 036) shows that page, not the parts' loading states.
 *
 * Ids name parts across the server's render and the browser's: the server lists the parts a page
 * showed (`RenderedPartsContext`), the browser loads them before its first render
 * (`preloadParts`).
 */
const loaders = new Map<string, () => Promise<void>>();

/** While the server renders a page: the ids of the parts it shows. */
export const RenderedPartsContext = createContext<Set<string> | null>(null);

export type LazyPart<P> = ComponentType<P> & { preload: () => Promise<void> };

export const lazyPart = <P extends object>(
  id: string,
  load: () => Promise<ComponentType<P>>,
): LazyPart<P> => {
  let Loaded: ComponentType<P> | undefined;
  const preload = async () => {
    Loaded ??= await load();
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded as ComponentType<P> };
  });
  const Part = (props: P) => {
    use(RenderedPartsContext)?.add(id);
    // Chosen once per mount: changing the component type later would remount the part and lose
    // its state.
    const [Component] = useState<ComponentType<P>>(() => Loaded ?? Lazy);
    return <Component {...props} />;
  };
  Part.displayName = `Part(${id})`;
  loaders.set(id, preload);
  return Object.assign(Part, { preload });
};

/**
 * Loads the code of the parts `ids` names (those known so far: a part defined in another part's
 * code becomes known once that code has loaded, hence the passes). Rejects when a download fails.
 */
export const preloadParts = async (ids: readonly string[]) => {
  const done = new Set<string>();
  for (let pass = 0; pass < 4; pass += 1) {
    const ready = ids.flatMap((id) => {
      const load = done.has(id) ? undefined : loaders.get(id);
      return load ? [{ id, load }] : [];
    });
    if (ready.length === 0) return;
    await Promise.all(ready.map(({ load }) => load()));
    for (const { id } of ready) done.add(id);
  }
};
