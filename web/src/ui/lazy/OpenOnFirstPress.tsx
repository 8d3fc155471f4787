import {
  cloneElement,
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  useState,
} from "react";

/**
 * What a menu or popover loaded on first press is given: the trigger to draw itself around, and whether to open at
 * once.
 */
export type Pressed = { trigger: ReactElement; defaultOpen: boolean };

type TriggerProps = {
  "aria-haspopup"?: "menu" | "dialog" | "listbox";
  "aria-expanded"?: boolean;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onClick?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: () => void;
};

const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/**
 * A menu or popover whose code (Radix's menu, popper and Floating UI) loads when the user first
 * reaches for it (docs/web.md "Loaded when used"): until then the trigger is drawn alone; a pointer
 * over it or focus starts the load, a press (as Radix opens: a pointer down or a click for a menu,
 * a click for a popover, Enter, Space, ↓) draws
 * the part around the same trigger, open. `props` are the part's own.
 */
export function OpenOnFirstPress<P extends object>({
  trigger,
  load,
  props,
  popup = "menu",
}: {
  trigger: ReactElement<TriggerProps>;
  load: () => Promise<ComponentType<P & Pressed>>;
  props: P;
  /** What the trigger opens, for screen readers before the part is in (Radix says the same after). */
  popup?: "menu" | "dialog" | "listbox";
}) {
  const [Part, setPart] = useState<ComponentType<P & Pressed> | null>(null);
  const [pressed, setPressed] = useState(false);
  if (Part) return <Part {...props} trigger={trigger} defaultOpen={pressed} />;

  const press = () => {
    setPressed(true);
    void load().then((part) => setPart(() => part));
  };
  const preload = () => void load().catch(() => undefined);
  return cloneElement(trigger, {
    "aria-haspopup": popup,
    "aria-expanded": false,
    // A popover opens on the click (Radix's does): opened at the pointer down, the click that
    // follows would land on its trigger and close it again.
    onPointerDown: (event) => {
      if (popup !== "dialog" && event.button === 0 && !event.ctrlKey) press();
    },
    // A touch, a pen, or a test's click: Radix opens on a click then, and a popover always does.
    onClick: press,
    onKeyDown: (event) => {
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      press();
    },
    onPointerEnter: preload,
    onFocus: preload,
  });
}
