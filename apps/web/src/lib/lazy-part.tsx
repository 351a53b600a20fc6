import { lazy, useState, type ComponentType } from 'react';

/**
 * Code-split parts of the app (pages, and the parts of a page that are not needed at once) that
 * can also be loaded ahead of time (`preload`: a page's code before navigating, on hover). A part
 * whose code has been loaded renders at once instead of suspending. While the browser hydrates a
 * page the server rendered, a part whose code is still on its way keeps the server's markup until
 * it arrives (React hydrates it then), so nothing on screen changes (decision 045). `id` names the
 * part in React's tools.
 */
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
    // Chosen once per mount: changing the component type later would remount the part and lose
    // its state.
    const [Component] = useState<ComponentType<P>>(() => Loaded ?? Lazy);
    return <Component {...props} />;
  };
  Part.displayName = `Part(${id})`;
  return Object.assign(Part, { preload });
};
