import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";
import { placeHint, type Side } from "./hint-placement";

type TriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  "aria-describedby"?: string;
};

/**
 * A tooltip as Radix Themes draws one (its classes), shown at once (docs/product.md §2) when the
 * pointer or focus is on its trigger, without Radix's tooltip, popper and Floating UI: no page
 * needs those to show itself (docs/web.md "Loaded when used"). The trigger is never replaced, so
 * a press on it while the tip appears is never lost.
 */
export function Hint({
  content,
  side = "top",
  children,
}: {
  content: ReactNode;
  side?: Side;
  children: ReactElement<TriggerProps>;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const own = children.props;
  const trigger = cloneElement(children, {
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== "touch") setAnchor(event.currentTarget);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      setAnchor(null);
    },
    // As Radix's: a press closes the tip.
    onPointerDown: (event) => {
      own.onPointerDown?.(event);
      setAnchor(null);
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      setAnchor(event.currentTarget);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      setAnchor(null);
    },
    "aria-describedby": anchor ? id : own["aria-describedby"],
  });
  return (
    <>
      {trigger}
      {anchor && <HintBubble id={id} anchor={anchor} side={side} content={content} onClose={() => setAnchor(null)} />}
    </>
  );
}

function HintBubble({
  id,
  anchor,
  side,
  content,
  onClose,
}: {
  id: string;
  anchor: HTMLElement;
  side: Side;
  content: ReactNode;
  onClose: () => void;
}) {
  const bubble = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<ReturnType<typeof placeHint> | null>(null);

  useLayoutEffect(() => {
    const box = bubble.current!.getBoundingClientRect();
    setPlace(
      placeHint(anchor.getBoundingClientRect(), { width: box.width, height: box.height }, side, {
        width: window.innerWidth,
        height: window.innerHeight,
      }),
    );
  }, [anchor, side]);

  // Escape and a scroll put it away, as Radix's does.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    window.addEventListener("scroll", onClose, true);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("scroll", onClose, true);
    };
  }, [onClose]);

  // Inside the theme's root, for its colours; fixed, so no scrolling box clips it.
  return createPortal(
    <div
      ref={bubble}
      id={id}
      role="tooltip"
      className="rt-TooltipContent"
      data-side={place?.side ?? side}
      data-state="delayed-open"
      style={{
        position: "fixed",
        left: place?.left ?? 0,
        top: place?.top ?? 0,
        zIndex: 10_000,
        visibility: place ? undefined : "hidden",
      }}
    >
      <p className="rt-Text rt-r-size-1 rt-TooltipText">{content}</p>
      {place && (
        <svg
          className="rt-TooltipArrow hint-arrow"
          data-side={place.side}
          style={place.arrow}
          width={10}
          height={5}
          viewBox="0 0 30 10"
          preserveAspectRatio="none"
          aria-hidden
        >
          <polygon points="0,0 30,0 15,10" />
        </svg>
      )}
    </div>,
    anchor.closest(".radix-themes") ?? document.body,
  );
}
