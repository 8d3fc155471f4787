import { Tooltip } from "@radix-ui/themes";
import { Tooltip as TooltipPrimitive } from "radix-ui";
import { cloneElement, type ReactElement, type ReactNode, type Ref, useCallback, useRef } from "react";

export type HintProps = {
  content: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
  /** Shown as it mounts: the pointer or focus is on the trigger already. */
  defaultOpen: boolean;
  /** The trigger had focus before this replaced it: give it back. */
  focus: boolean;
};

/** The tooltip ui/Hint.tsx loads: Radix's, with its own provider, since no layout carries one. */
export default function HintTooltip({ content, side, defaultOpen, focus, children }: HintProps & { children: ReactElement<{ ref?: Ref<HTMLElement> }> }) {
  const focused = useRef(!focus);
  const own = children.props.ref;
  const ref = useCallback(
    (node: HTMLElement | null) => {
      if (typeof own === "function") own(node);
      else if (own) own.current = node;
      // Once: the trigger drawn before the tooltip's code came had focus, and lost it to this one.
      if (node && !focused.current) {
        focused.current = true;
        node.focus();
      }
    },
    [own],
  );
  return (
    <TooltipPrimitive.Provider delayDuration={0}>
      <Tooltip content={content} side={side} defaultOpen={defaultOpen}>
        {cloneElement(children, { ref })}
      </Tooltip>
    </TooltipPrimitive.Provider>
  );
}
