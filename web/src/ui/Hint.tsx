import { cloneElement, lazy, type ReactElement, type Ref, Suspense, useState } from "react";
import type { HintProps } from "./HintTooltip";

const HintTooltip = lazy(() => import("./HintTooltip"));

type TriggerProps = { onPointerEnter?: (event: unknown) => void; onFocus?: (event: unknown) => void; ref?: Ref<HTMLElement> };

/**
 * A tooltip whose code (Radix's tooltip, popper and Floating UI) loads when the pointer or focus
 * first reaches its trigger (docs/web.md "Loaded when used"), so no page's first JavaScript carries
 * it. Tooltips open at once (docs/product.md §2), the first one as soon as its code is in.
 */
export function Hint({ children, ...hint }: Omit<HintProps, "defaultOpen" | "focus"> & { children: ReactElement<TriggerProps> }) {
  const [reached, setReached] = useState<"pointer" | "focus" | null>(null);
  if (reached) {
    return (
      <Suspense fallback={children}>
        <HintTooltip {...hint} defaultOpen focus={reached === "focus"}>
          {children}
        </HintTooltip>
      </Suspense>
    );
  }
  const { onPointerEnter, onFocus } = children.props;
  return cloneElement(children, {
    onPointerEnter: (event) => {
      onPointerEnter?.(event);
      setReached("pointer");
    },
    onFocus: (event) => {
      onFocus?.(event);
      setReached("focus");
    },
  });
}
