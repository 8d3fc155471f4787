import { type ComponentType, lazy, Suspense, useState } from "react";

/**
 * A part of the page (a dialog, a menu opened from a store) whose code loads the first time it is
 * needed and stays from then on, so its closing animation and state work as before (docs/web.md
 * "Loaded when used"). `useNeeded` is a hook reading the props or a store.
 */
export function loadWhenNeeded<P extends object>(
  useNeeded: (props: P) => boolean,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Part = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, like `lazy`
  return function WhenNeeded(props: P) {
    const needed = useNeeded(props);
    const [wanted, setWanted] = useState(needed);
    if (needed && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}
